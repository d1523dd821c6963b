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
    from ..models.validation_error_errors import ValidationErrorErrors


T = TypeVar("T", bound="ValidationError")


@_attrs_define
class ValidationError:
    """
    Attributes:
        success (Literal[False]):
        detail (str):
        errors (ValidationErrorErrors): Messages by field path (`to`, `attachments[0].content`, ...); `_body` for the
            request as a whole.
    """

    success: Literal[False]
    detail: str
    errors: "ValidationErrorErrors"

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        detail = self.detail

        errors = self.errors.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "detail": detail,
                "errors": errors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.validation_error_errors import ValidationErrorErrors

        d = dict(src_dict)
        success = cast(Literal[False], d.pop("success"))
        if success != False:
            raise ValueError(f"success must match const False, got '{success}'")

        detail = d.pop("detail")

        errors = ValidationErrorErrors.from_dict(d.pop("errors"))

        validation_error = cls(
            success=success,
            detail=detail,
            errors=errors,
        )

        return validation_error
