from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.send_batch_response_data_item_type_2_errors import (
        SendBatchResponseDataItemType2Errors,
    )


T = TypeVar("T", bound="SendBatchResponseDataItemType2")


@_attrs_define
class SendBatchResponseDataItemType2:
    """
    Attributes:
        index (int): The position of the email in the request.
        success (Literal[False]):
        detail (str):
        errors (SendBatchResponseDataItemType2Errors): Messages by field path (`to`, `attachments[0].content`, ...);
            `_body` for the request as a whole.
    """

    index: int
    success: Literal[False]
    detail: str
    errors: "SendBatchResponseDataItemType2Errors"

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        success = self.success

        detail = self.detail

        errors = self.errors.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "success": success,
                "detail": detail,
                "errors": errors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.send_batch_response_data_item_type_2_errors import (
            SendBatchResponseDataItemType2Errors,
        )

        d = dict(src_dict)
        index = d.pop("index")

        success = cast(Literal[False], d.pop("success"))
        if success != False:
            raise ValueError(f"success must match const False, got '{success}'")

        detail = d.pop("detail")

        errors = SendBatchResponseDataItemType2Errors.from_dict(d.pop("errors"))

        send_batch_response_data_item_type_2 = cls(
            index=index,
            success=success,
            detail=detail,
            errors=errors,
        )

        return send_batch_response_data_item_type_2
