from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.byoc_validation_byoc import ByocValidationByoc
    from ..models.byoc_validation_validation import ByocValidationValidation


T = TypeVar("T", bound="ByocValidation")


@_attrs_define
class ByocValidation:
    """
    Attributes:
        byoc (ByocValidationByoc):
        validation (ByocValidationValidation):
    """

    byoc: "ByocValidationByoc"
    validation: "ByocValidationValidation"

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
        from ..models.byoc_validation_byoc import ByocValidationByoc
        from ..models.byoc_validation_validation import ByocValidationValidation

        d = dict(src_dict)
        byoc = ByocValidationByoc.from_dict(d.pop("byoc"))

        validation = ByocValidationValidation.from_dict(d.pop("validation"))

        byoc_validation = cls(
            byoc=byoc,
            validation=validation,
        )

        return byoc_validation
