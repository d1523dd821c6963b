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

from ..models.send_batch_response_data_item_type_0_mode import (
    SendBatchResponseDataItemType0Mode,
    check_send_batch_response_data_item_type_0_mode,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SendBatchResponseDataItemType0")


@_attrs_define
class SendBatchResponseDataItemType0:
    """
    Attributes:
        index (int): The position of the email in the request.
        success (Literal[True]):
        message (str): Human-readable confirmation (byoc: queued through your own AWS account; shared: queued for
            delivery).
        message_id (str): The queued send; its workflow is `send-<message_id>`.
        mode (SendBatchResponseDataItemType0Mode): The sending domain's mode.
        attachments (int): Attachments staged.
        warnings (Union[Unset, list[str]]): Shared mode only: missing SPF, DMARC or MAIL FROM records, and for test
            sends a note that the send counts toward the quota.
        idempotency_key (Union[Unset, str]): Echoed when the request carried one.
        scheduled_at (Union[Unset, datetime.datetime]): A scheduled send: when it goes (UTC).
        replayed (Union[Literal[True], Unset]): The item's own idempotency key (or the batch's) was used before: its
            earlier answer.
    """

    index: int
    success: Literal[True]
    message: str
    message_id: str
    mode: SendBatchResponseDataItemType0Mode
    attachments: int
    warnings: Union[Unset, list[str]] = UNSET
    idempotency_key: Union[Unset, str] = UNSET
    scheduled_at: Union[Unset, datetime.datetime] = UNSET
    replayed: Union[Literal[True], Unset] = UNSET

    def to_dict(self) -> dict[str, Any]:
        index = self.index

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

        replayed = self.replayed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
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
        if replayed is not UNSET:
            field_dict["replayed"] = replayed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        success = cast(Literal[True], d.pop("success"))
        if success != True:
            raise ValueError(f"success must match const True, got '{success}'")

        message = d.pop("message")

        message_id = d.pop("message_id")

        mode = check_send_batch_response_data_item_type_0_mode(d.pop("mode"))

        attachments = d.pop("attachments")

        warnings = cast(list[str], d.pop("warnings", UNSET))

        idempotency_key = d.pop("idempotency_key", UNSET)

        _scheduled_at = d.pop("scheduled_at", UNSET)
        scheduled_at: Union[Unset, datetime.datetime]
        if isinstance(_scheduled_at, Unset):
            scheduled_at = UNSET
        else:
            scheduled_at = isoparse(_scheduled_at)

        replayed = cast(Union[Literal[True], Unset], d.pop("replayed", UNSET))
        if replayed != True and not isinstance(replayed, Unset):
            raise ValueError(f"replayed must match const True, got '{replayed}'")

        send_batch_response_data_item_type_0 = cls(
            index=index,
            success=success,
            message=message,
            message_id=message_id,
            mode=mode,
            attachments=attachments,
            warnings=warnings,
            idempotency_key=idempotency_key,
            scheduled_at=scheduled_at,
            replayed=replayed,
        )

        return send_batch_response_data_item_type_0
