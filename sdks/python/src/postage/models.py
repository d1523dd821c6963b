"""The API's data types: a dataclass for each component schema of its OpenAPI document
(``postage._types``, generated), with shorter names for the ones the clients return most.

Fields are attributes with the API's names (``sent.message_id``; ``from`` is ``from_``, a field
named ``type`` is ``type_``); ``to_dict()`` gives the JSON form back, ``from_dict()`` reads it. An
optional field the API left out is :data:`UNSET` (falsy), a ``null`` is ``None``; enumerations
are plain strings (``sent.mode == "shared"``); ``date-time`` fields are aware datetimes.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import TYPE_CHECKING, Any

from . import _types
from ._model import UNSET, JSONObject, Model, Unset
from ._types import *  # noqa: F401,F403
from ._types import AuditList, EmailList, SendBatchResponse, SendResponse, SuppressionList, TemplateList


def _item(model: type, field: str) -> Any:
    """The type of the items of a list field (``EmailList.emails``), whatever the generator named
    it: an inline schema gets a name from its place, which changes when the document moves it
    into a component of its own."""
    return typing.get_args(typing.get_type_hints(model)[field])[0]


if TYPE_CHECKING:  # the generator's names today, for type checkers
    from ._types import AuditListEntry as AuditListEntriesItem
    from ._types import EmailListEmail as EmailListEmailsItem
    from ._types import SendBatchResponseData as BatchItemAccepted
    from ._types import SendBatchResponseData1 as BatchItemRefused
    from ._types import SendBatchResponseData2 as BatchItemInvalid
    from ._types import SuppressionListSuppression as SuppressionListSuppressionsItem
    from ._types import TemplateListTemplate as TemplateListTemplatesItem
else:
    #: An email of a batch that was queued (``success`` true, ``message_id``, ``mode``, ...), one
    #: that a gate refused (``error``, ``detail``), one with field errors (``errors``, ``detail``).
    BatchItemAccepted, BatchItemRefused, BatchItemInvalid = typing.get_args(_item(SendBatchResponse, "data"))
    # The items of the paged lists (what each ``iterate`` yields), by their names of version 0.1.
    EmailListEmailsItem = _item(EmailList, "emails")
    SuppressionListSuppressionsItem = _item(SuppressionList, "suppressions")
    TemplateListTemplatesItem = _item(TemplateList, "templates")
    AuditListEntriesItem = _item(AuditList, "entries")


def _replayed(response: Any) -> bool:
    return str(response.headers.get("idempotent-replayed", "")).strip().lower() == "true"


@dataclasses.dataclass
class SendResult(SendResponse):
    """What ``emails.send`` returns: the API's :class:`SendResponse`, and whether it was the
    replay of an earlier request with the same idempotency key (``Idempotent-Replayed: true``:
    the email was queued once, by that earlier request)."""

    idempotent_replayed: bool = dataclasses.field(default=False, metadata={"json": False})

    @classmethod
    def _from_response(cls, data: Any, response: Any) -> "SendResult":
        result = cls.from_dict(data)
        result.idempotent_replayed = _replayed(response)
        return result


@dataclasses.dataclass
class SendBatchResult(SendBatchResponse):
    """What ``emails.send_batch`` returns: the API's :class:`SendBatchResponse`, and whether it
    was the replay of an earlier batch with the same idempotency key."""

    idempotent_replayed: bool = dataclasses.field(default=False, metadata={"json": False})

    @classmethod
    def _from_response(cls, data: Any, response: Any) -> "SendBatchResult":
        result = cls.from_dict(data)
        result.idempotent_replayed = _replayed(response)
        return result


__all__ = [
    *sorted(name for name, value in vars(_types).items() if isinstance(value, type) and issubclass(value, Model) and value is not Model),
    "Model",
    "JSONObject",
    "UNSET",
    "Unset",
    "BatchItemAccepted",
    "BatchItemRefused",
    "BatchItemInvalid",
    "EmailListEmailsItem",
    "SuppressionListSuppressionsItem",
    "TemplateListTemplatesItem",
    "AuditListEntriesItem",
    "SendResult",
    "SendBatchResult",
]
