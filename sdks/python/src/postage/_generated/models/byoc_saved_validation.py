from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

from ..models.byoc_saved_validation_code import (
    ByocSavedValidationCode,
    check_byoc_saved_validation_code,
)

T = TypeVar("T", bound="ByocSavedValidation")


@_attrs_define
class ByocSavedValidation:
    """
    Attributes:
        ok (bool):
        code (ByocSavedValidationCode):
        message (str): The failure reason of spec 5.3, in plain words.
    """

    ok: bool
    code: ByocSavedValidationCode
    message: str

    def to_dict(self) -> dict[str, Any]:
        ok = self.ok

        code: str = self.code

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ok": ok,
                "code": code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ok = d.pop("ok")

        code = check_byoc_saved_validation_code(d.pop("code"))

        message = d.pop("message")

        byoc_saved_validation = cls(
            ok=ok,
            code=code,
            message=message,
        )

        return byoc_saved_validation
