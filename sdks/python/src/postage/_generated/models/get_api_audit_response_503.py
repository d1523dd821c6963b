from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.get_api_audit_response_503_error import (
    GetApiAuditResponse503Error,
    check_get_api_audit_response_503_error,
)

T = TypeVar("T", bound="GetApiAuditResponse503")


@_attrs_define
class GetApiAuditResponse503:
    """
    Attributes:
        success (Literal[False]):
        error (GetApiAuditResponse503Error):
        detail (str):
    """

    success: Literal[False]
    error: GetApiAuditResponse503Error
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

        error = check_get_api_audit_response_503_error(d.pop("error"))

        detail = d.pop("detail")

        get_api_audit_response_503 = cls(
            success=success,
            error=error,
            detail=detail,
        )

        return get_api_audit_response_503
