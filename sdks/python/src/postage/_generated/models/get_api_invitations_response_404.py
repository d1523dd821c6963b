from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.get_api_invitations_response_404_error import (
    GetApiInvitationsResponse404Error,
    check_get_api_invitations_response_404_error,
)

T = TypeVar("T", bound="GetApiInvitationsResponse404")


@_attrs_define
class GetApiInvitationsResponse404:
    """
    Attributes:
        success (Literal[False]):
        error (GetApiInvitationsResponse404Error):
        detail (str):
    """

    success: Literal[False]
    error: GetApiInvitationsResponse404Error
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

        error = check_get_api_invitations_response_404_error(d.pop("error"))

        detail = d.pop("detail")

        get_api_invitations_response_404 = cls(
            success=success,
            error=error,
            detail=detail,
        )

        return get_api_invitations_response_404
