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

from ..models.webhook_deliveries_deliveries_item_error_type_0 import (
    WebhookDeliveriesDeliveriesItemErrorType0,
    check_webhook_deliveries_deliveries_item_error_type_0,
)

T = TypeVar("T", bound="WebhookDeliveriesDeliveriesItem")


@_attrs_define
class WebhookDeliveriesDeliveriesItem:
    """
    Attributes:
        id (str): Identifies the delivery (to replay it).
        replay_of (Union[None, str]):
        event_type (str):
        message_id (Union[None, str]):
        test (bool): A test event sent from the dashboard or the API.
        status_code (Union[None, int]):
        succeeded (bool):
        duration_ms (int): How long the endpoint took to answer; without an answer, the deadline for `timeout` and 0
            otherwise.
        error (Union[None, WebhookDeliveriesDeliveriesItemErrorType0]):
        attempted_at (datetime.datetime):
    """

    id: str
    replay_of: Union[None, str]
    event_type: str
    message_id: Union[None, str]
    test: bool
    status_code: Union[None, int]
    succeeded: bool
    duration_ms: int
    error: Union[None, WebhookDeliveriesDeliveriesItemErrorType0]
    attempted_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        replay_of: Union[None, str]
        replay_of = self.replay_of

        event_type = self.event_type

        message_id: Union[None, str]
        message_id = self.message_id

        test = self.test

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
                "id": id,
                "replay_of": replay_of,
                "event_type": event_type,
                "message_id": message_id,
                "test": test,
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
        id = d.pop("id")

        def _parse_replay_of(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        replay_of = _parse_replay_of(d.pop("replay_of"))

        event_type = d.pop("event_type")

        def _parse_message_id(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        message_id = _parse_message_id(d.pop("message_id"))

        test = d.pop("test")

        def _parse_status_code(data: object) -> Union[None, int]:
            if data is None:
                return data
            return cast(Union[None, int], data)

        status_code = _parse_status_code(d.pop("status_code"))

        succeeded = d.pop("succeeded")

        duration_ms = d.pop("duration_ms")

        def _parse_error(
            data: object,
        ) -> Union[None, WebhookDeliveriesDeliveriesItemErrorType0]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                error_type_0 = check_webhook_deliveries_deliveries_item_error_type_0(
                    data
                )

                return error_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, WebhookDeliveriesDeliveriesItemErrorType0], data)

        error = _parse_error(d.pop("error"))

        attempted_at = isoparse(d.pop("attempted_at"))

        webhook_deliveries_deliveries_item = cls(
            id=id,
            replay_of=replay_of,
            event_type=event_type,
            message_id=message_id,
            test=test,
            status_code=status_code,
            succeeded=succeeded,
            duration_ms=duration_ms,
            error=error,
            attempted_at=attempted_at,
        )

        return webhook_deliveries_deliveries_item
