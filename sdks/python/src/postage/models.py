"""The API's data types, generated from its OpenAPI document (``postage._generated.models``),
with shorter names for the ones the clients return most.

Models are ``attrs`` classes: fields are attributes (``sent.message_id``); ``to_dict()`` gives
the JSON form back. An optional field the API left out is :data:`UNSET` (falsy), a ``null`` is
``None``; enumerations are plain strings (``sent.mode == "shared"``).
"""

import attrs

from ._generated.models import *  # noqa: F401,F403
from ._generated.models import (
    SendBatchResponse,
    SendBatchResponseDataItemType0,
    SendBatchResponseDataItemType1,
    SendBatchResponseDataItemType2,
    SendResponse,
)
from ._generated.models import __all__ as _generated_names
from ._generated.types import UNSET, Unset

#: An email of a batch that was queued (``success`` true, ``message_id``, ``mode``, ...).
BatchItemAccepted = SendBatchResponseDataItemType0
#: An email of a batch that a gate refused (``error``, ``detail``).
BatchItemRefused = SendBatchResponseDataItemType1
#: An email of a batch with field errors (``errors``, ``detail``).
BatchItemInvalid = SendBatchResponseDataItemType2


@attrs.define
class SendResult(SendResponse):
    """What ``emails.send`` returns: the API's :class:`SendResponse`, and whether it was the
    replay of an earlier request with the same idempotency key (``Idempotent-Replayed: true``:
    the email was queued once, by that earlier request)."""

    idempotent_replayed: bool = attrs.field(default=False, kw_only=True)


@attrs.define
class SendBatchResult(SendBatchResponse):
    """What ``emails.send_batch`` returns: the API's :class:`SendBatchResponse`, and whether it
    was the replay of an earlier batch with the same idempotency key."""

    idempotent_replayed: bool = attrs.field(default=False, kw_only=True)


__all__ = [
    *_generated_names,
    "UNSET",
    "Unset",
    "BatchItemAccepted",
    "BatchItemRefused",
    "BatchItemInvalid",
    "SendResult",
    "SendBatchResult",
]
