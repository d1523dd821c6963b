"""The API's resources as client attributes: ``client.emails``, ``client.domains``, ..."""

from ._account import AsyncMe, AsyncUsageResource, Me, UsageResource
from ._api_keys import ApiKeys, AsyncApiKeys
from ._byoc import AsyncByoc, Byoc
from ._domains import AsyncDomains, Domains
from ._emails import AsyncEmails, Emails
from ._suppressions import AsyncSuppressions, Suppressions
from ._templates import AsyncTemplates, Templates
from ._webhooks import AsyncWebhooks, Webhooks

__all__ = [
    "ApiKeys",
    "AsyncApiKeys",
    "AsyncByoc",
    "AsyncDomains",
    "AsyncEmails",
    "AsyncMe",
    "AsyncSuppressions",
    "AsyncTemplates",
    "AsyncUsageResource",
    "AsyncWebhooks",
    "Byoc",
    "Domains",
    "Emails",
    "Me",
    "Suppressions",
    "Templates",
    "UsageResource",
    "Webhooks",
]
