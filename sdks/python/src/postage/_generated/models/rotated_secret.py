import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

if TYPE_CHECKING:
    from ..models.rotated_secret_webhook import RotatedSecretWebhook


T = TypeVar("T", bound="RotatedSecret")


@_attrs_define
class RotatedSecret:
    """
    Attributes:
        webhook (RotatedSecretWebhook):
        signing_secret (str): The new secret, shown this once. X-Service-Signature uses it at once.
        previous_secret_expires_at (datetime.datetime): Until then every delivery also carries a Standard Webhooks
            signature made with the previous secret (webhook-signature lists both).
    """

    webhook: "RotatedSecretWebhook"
    signing_secret: str
    previous_secret_expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        webhook = self.webhook.to_dict()

        signing_secret = self.signing_secret

        previous_secret_expires_at = self.previous_secret_expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "webhook": webhook,
                "signing_secret": signing_secret,
                "previous_secret_expires_at": previous_secret_expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rotated_secret_webhook import RotatedSecretWebhook

        d = dict(src_dict)
        webhook = RotatedSecretWebhook.from_dict(d.pop("webhook"))

        signing_secret = d.pop("signing_secret")

        previous_secret_expires_at = isoparse(d.pop("previous_secret_expires_at"))

        rotated_secret = cls(
            webhook=webhook,
            signing_secret=signing_secret,
            previous_secret_expires_at=previous_secret_expires_at,
        )

        return rotated_secret
