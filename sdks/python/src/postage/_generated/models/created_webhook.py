from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.created_webhook_webhook import CreatedWebhookWebhook


T = TypeVar("T", bound="CreatedWebhook")


@_attrs_define
class CreatedWebhook:
    """
    Attributes:
        webhook (CreatedWebhookWebhook):
        signing_secret (str): Shown this once: verify X-Service-Signature (or the Standard Webhooks `webhook-signature`)
            with it.
    """

    webhook: "CreatedWebhookWebhook"
    signing_secret: str

    def to_dict(self) -> dict[str, Any]:
        webhook = self.webhook.to_dict()

        signing_secret = self.signing_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "webhook": webhook,
                "signing_secret": signing_secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.created_webhook_webhook import CreatedWebhookWebhook

        d = dict(src_dict)
        webhook = CreatedWebhookWebhook.from_dict(d.pop("webhook"))

        signing_secret = d.pop("signing_secret")

        created_webhook = cls(
            webhook=webhook,
            signing_secret=signing_secret,
        )

        return created_webhook
