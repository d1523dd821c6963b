"""Postage: the Python client of the Postage transactional email API.

    from postage import Postage

    client = Postage(api_key="pk_...")   # or POSTAGE_API_KEY; base_url= or POSTAGE_BASE_URL for another API
    sent = client.emails.send(from_email="hello@mail.example.com", to="ann@example.org", subject="Hi", html="<p>Hi</p>")

:class:`AsyncPostage` has the same methods, awaited. Errors are in :mod:`postage.errors` (and
here), models in :mod:`postage.models`, webhook verification in :mod:`postage.webhooks`.
"""

from . import models, resources, webhooks  # noqa: F401 (resources: imported as in 0.1)
from ._async.client import AsyncPostage
from ._params import NOT_GIVEN, Attachment, NotGiven, new_idempotency_key
from ._sse import LiveEvent
from ._sync.client import Postage
from ._version import __version__
from .errors import (
    APIConnectionError,
    APIError,
    APIResponseValidationError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    ErrorCode,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    PostageError,
    RateLimitError,
    UnprocessableEntityError,
    WebhookVerificationError,
)
from .models import SendBatchResult, SendResult
from .webhooks import Webhook, WebhookEvent
from .webhooks import verify as verify_webhook

__all__ = [
    "__version__",
    "Postage",
    "AsyncPostage",
    "Attachment",
    "NOT_GIVEN",
    "NotGiven",
    "SendResult",
    "SendBatchResult",
    "Webhook",
    "WebhookEvent",
    "LiveEvent",
    "verify_webhook",
    "new_idempotency_key",
    "models",
    "webhooks",
    "PostageError",
    "ErrorCode",
    "APIConnectionError",
    "APITimeoutError",
    "APIResponseValidationError",
    "APIError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "UnprocessableEntityError",
    "RateLimitError",
    "InternalServerError",
    "WebhookVerificationError",
]
