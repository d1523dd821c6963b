from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.byoc_saved_byoc import ByocSavedByoc
    from ..models.byoc_saved_validation import ByocSavedValidation


T = TypeVar("T", bound="ByocSaved")


@_attrs_define
class ByocSaved:
    """
    Attributes:
        byoc (ByocSavedByoc):
        validation (ByocSavedValidation):
    """

    byoc: "ByocSavedByoc"
    validation: "ByocSavedValidation"

    def to_dict(self) -> dict[str, Any]:
        byoc = self.byoc.to_dict()

        validation = self.validation.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "byoc": byoc,
                "validation": validation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.byoc_saved_byoc import ByocSavedByoc
        from ..models.byoc_saved_validation import ByocSavedValidation

        d = dict(src_dict)
        byoc = ByocSavedByoc.from_dict(d.pop("byoc"))

        validation = ByocSavedValidation.from_dict(d.pop("validation"))

        byoc_saved = cls(
            byoc=byoc,
            validation=validation,
        )

        return byoc_saved
