from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_test_result_delivery import WebhookTestResultDelivery
    from ..models.webhook_test_result_payload import WebhookTestResultPayload


T = TypeVar("T", bound="WebhookTestResult")


@_attrs_define
class WebhookTestResult:
    """
    Attributes:
        delivery (WebhookTestResultDelivery):
        payload (WebhookTestResultPayload): The body that was signed and posted (the flat test-event shape of spec 6.4).
    """

    delivery: "WebhookTestResultDelivery"
    payload: "WebhookTestResultPayload"

    def to_dict(self) -> dict[str, Any]:
        delivery = self.delivery.to_dict()

        payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delivery": delivery,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_test_result_delivery import WebhookTestResultDelivery
        from ..models.webhook_test_result_payload import WebhookTestResultPayload

        d = dict(src_dict)
        delivery = WebhookTestResultDelivery.from_dict(d.pop("delivery"))

        payload = WebhookTestResultPayload.from_dict(d.pop("payload"))

        webhook_test_result = cls(
            delivery=delivery,
            payload=payload,
        )

        return webhook_test_result
