"""The API's resources as client attributes: ``client.emails``, ``client.domains``, ..."""

from ._account import AsyncMe, AsyncUsageResource, Me, UsageResource
from ._api_keys import ApiKeys, AsyncApiKeys
from ._byoc import AsyncByoc, Byoc
from ._domains import AsyncDomains, Domains
from ._emails import AsyncEmails, Emails
from ._suppressions import AsyncSuppressions, Suppressions
from ._team import AsyncAuditLog, AsyncInvitations, AsyncMembers, AuditLog, Invitations, Members
from ._templates import AsyncTemplates, Templates
from ._webhooks import AsyncWebhooks, Webhooks

__all__ = [
    "ApiKeys",
    "AsyncApiKeys",
    "AsyncAuditLog",
    "AsyncByoc",
    "AsyncDomains",
    "AsyncEmails",
    "AsyncInvitations",
    "AsyncMe",
    "AsyncMembers",
    "AsyncSuppressions",
    "AsyncTemplates",
    "AsyncUsageResource",
    "AsyncWebhooks",
    "AuditLog",
    "Byoc",
    "Domains",
    "Emails",
    "Invitations",
    "Me",
    "Members",
    "Suppressions",
    "Templates",
    "UsageResource",
    "Webhooks",
]
