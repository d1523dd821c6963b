from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.send_batch_response_data_item_type_1_error import (
    SendBatchResponseDataItemType1Error,
    check_send_batch_response_data_item_type_1_error,
)

T = TypeVar("T", bound="SendBatchResponseDataItemType1")


@_attrs_define
class SendBatchResponseDataItemType1:
    """
    Attributes:
        index (int): The position of the email in the request.
        success (Literal[False]):
        error (SendBatchResponseDataItemType1Error):
        detail (str):
    """

    index: int
    success: Literal[False]
    error: SendBatchResponseDataItemType1Error
    detail: str

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        success = self.success

        error: str = self.error

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "success": success,
                "error": error,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        success = cast(Literal[False], d.pop("success"))
        if success != False:
            raise ValueError(f"success must match const False, got '{success}'")

        error = check_send_batch_response_data_item_type_1_error(d.pop("error"))

        detail = d.pop("detail")

        send_batch_response_data_item_type_1 = cls(
            index=index,
            success=success,
            error=error,
            detail=detail,
        )

        return send_batch_response_data_item_type_1
