from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.get_api_audit_response_500_error import (
    GetApiAuditResponse500Error,
    check_get_api_audit_response_500_error,
)

T = TypeVar("T", bound="GetApiAuditResponse500")


@_attrs_define
class GetApiAuditResponse500:
    """
    Attributes:
        success (Literal[False]):
        error (GetApiAuditResponse500Error):
        detail (str):
    """

    success: Literal[False]
    error: GetApiAuditResponse500Error
    detail: str

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        error: str = self.error

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "error": error,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = cast(Literal[False], d.pop("success"))
        if success != False:
            raise ValueError(f"success must match const False, got '{success}'")

        error = check_get_api_audit_response_500_error(d.pop("error"))

        detail = d.pop("detail")

        get_api_audit_response_500 = cls(
            success=success,
            error=error,
            detail=detail,
        )

        return get_api_audit_response_500
