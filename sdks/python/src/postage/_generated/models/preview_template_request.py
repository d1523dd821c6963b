from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.preview_template_request_variables import (
        PreviewTemplateRequestVariables,
    )


T = TypeVar("T", bound="PreviewTemplateRequest")


@_attrs_define
class PreviewTemplateRequest:
    """
    Attributes:
        variables (Union[Unset, PreviewTemplateRequestVariables]): The values the template reads, by name (strings,
            numbers, booleans, lists, objects).
        version (Union[Unset, int]): A published version; absent: the draft.
    """

    variables: Union[Unset, "PreviewTemplateRequestVariables"] = UNSET
    version: Union[Unset, int] = UNSET

    def to_dict(self) -> dict[str, Any]:
        variables: Union[Unset, dict[str, Any]] = UNSET
        if not isinstance(self.variables, Unset):
            variables = self.variables.to_dict()

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if variables is not UNSET:
            field_dict["variables"] = variables
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preview_template_request_variables import (
            PreviewTemplateRequestVariables,
        )

        d = dict(src_dict)
        _variables = d.pop("variables", UNSET)
        variables: Union[Unset, PreviewTemplateRequestVariables]
        if isinstance(_variables, Unset):
            variables = UNSET
        else:
            variables = PreviewTemplateRequestVariables.from_dict(_variables)

        version = d.pop("version", UNSET)

        preview_template_request = cls(
            variables=variables,
            version=version,
        )

        return preview_template_request
