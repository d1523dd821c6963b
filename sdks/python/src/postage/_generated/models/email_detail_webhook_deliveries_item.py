import datetime
from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.email_detail_webhook_deliveries_item_error_type_0 import (
    EmailDetailWebhookDeliveriesItemErrorType0,
    check_email_detail_webhook_deliveries_item_error_type_0,
)

T = TypeVar("T", bound="EmailDetailWebhookDeliveriesItem")


@_attrs_define
class EmailDetailWebhookDeliveriesItem:
    """
    Attributes:
        endpoint_id (str):
        url (str):
        event_type (str):
        status_code (Union[None, int]):
        succeeded (bool):
        duration_ms (int): How long the endpoint took to answer; without an answer, the deadline for `timeout` and 0
            otherwise.
        error (Union[EmailDetailWebhookDeliveriesItemErrorType0, None]):
        attempted_at (datetime.datetime):
    """

    endpoint_id: str
    url: str
    event_type: str
    status_code: Union[None, int]
    succeeded: bool
    duration_ms: int
    error: Union[EmailDetailWebhookDeliveriesItemErrorType0, None]
    attempted_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        endpoint_id = self.endpoint_id

        url = self.url

        event_type = self.event_type

        status_code: Union[None, int]
        status_code = self.status_code

        succeeded = self.succeeded

        duration_ms = self.duration_ms

        error: Union[None, str]
        if isinstance(self.error, str):
            error = self.error
        else:
            error = self.error

        attempted_at = self.attempted_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endpoint_id": endpoint_id,
                "url": url,
                "event_type": event_type,
                "status_code": status_code,
                "succeeded": succeeded,
                "duration_ms": duration_ms,
                "error": error,
                "attempted_at": attempted_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        endpoint_id = d.pop("endpoint_id")

        url = d.pop("url")

        event_type = d.pop("event_type")

        def _parse_status_code(data: object) -> Union[None, int]:
            if data is None:
                return data
            return cast(Union[None, int], data)

        status_code = _parse_status_code(d.pop("status_code"))

        succeeded = d.pop("succeeded")

        duration_ms = d.pop("duration_ms")

        def _parse_error(
            data: object,
        ) -> Union[EmailDetailWebhookDeliveriesItemErrorType0, None]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                error_type_0 = check_email_detail_webhook_deliveries_item_error_type_0(
                    data
                )

                return error_type_0
            except:  # noqa: E722
                pass
            return cast(Union[EmailDetailWebhookDeliveriesItemErrorType0, None], data)

        error = _parse_error(d.pop("error"))

        attempted_at = isoparse(d.pop("attempted_at"))

        email_detail_webhook_deliveries_item = cls(
            endpoint_id=endpoint_id,
            url=url,
            event_type=event_type,
            status_code=status_code,
            succeeded=succeeded,
            duration_ms=duration_ms,
            error=error,
            attempted_at=attempted_at,
        )

        return email_detail_webhook_deliveries_item
