import datetime
from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.send_response_mode import SendResponseMode, check_send_response_mode
from ..types import UNSET, Unset

T = TypeVar("T", bound="SendResponse")


@_attrs_define
class SendResponse:
    """
    Attributes:
        success (Literal[True]):
        message (str): Human-readable confirmation (byoc: queued through your own AWS account; shared: queued for
            delivery).
        message_id (str): The queued send; its workflow is `send-<message_id>`.
        mode (SendResponseMode): The sending domain's mode.
        attachments (int): Attachments staged.
        warnings (Union[Unset, list[str]]): Shared mode only: missing SPF, DMARC or MAIL FROM records, and for test
            sends a note that the send counts toward the quota.
        idempotency_key (Union[Unset, str]): Echoed when the request carried one.
        scheduled_at (Union[Unset, datetime.datetime]): A scheduled send: when it goes (UTC).
    """

    success: Literal[True]
    message: str
    message_id: str
    mode: SendResponseMode
    attachments: int
    warnings: Union[Unset, list[str]] = UNSET
    idempotency_key: Union[Unset, str] = UNSET
    scheduled_at: Union[Unset, datetime.datetime] = UNSET

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        message = self.message

        message_id = self.message_id

        mode: str = self.mode

        attachments = self.attachments

        warnings: Union[Unset, list[str]] = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = self.warnings

        idempotency_key = self.idempotency_key

        scheduled_at: Union[Unset, str] = UNSET
        if not isinstance(self.scheduled_at, Unset):
            scheduled_at = self.scheduled_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "message": message,
                "message_id": message_id,
                "mode": mode,
                "attachments": attachments,
            }
        )
        if warnings is not UNSET:
            field_dict["warnings"] = warnings
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key
        if scheduled_at is not UNSET:
            field_dict["scheduled_at"] = scheduled_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = cast(Literal[True], d.pop("success"))
        if success != True:
            raise ValueError(f"success must match const True, got '{success}'")

        message = d.pop("message")

        message_id = d.pop("message_id")

        mode = check_send_response_mode(d.pop("mode"))

        attachments = d.pop("attachments")

        warnings = cast(list[str], d.pop("warnings", UNSET))

        idempotency_key = d.pop("idempotency_key", UNSET)

        _scheduled_at = d.pop("scheduled_at", UNSET)
        scheduled_at: Union[Unset, datetime.datetime]
        if isinstance(_scheduled_at, Unset):
            scheduled_at = UNSET
        else:
            scheduled_at = isoparse(_scheduled_at)

        send_response = cls(
            success=success,
            message=message,
            message_id=message_id,
            mode=mode,
            attachments=attachments,
            warnings=warnings,
            idempotency_key=idempotency_key,
            scheduled_at=scheduled_at,
        )

        return send_response
