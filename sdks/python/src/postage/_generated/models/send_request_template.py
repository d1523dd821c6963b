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
    from ..models.send_request_template_variables import SendRequestTemplateVariables


T = TypeVar("T", bound="SendRequestTemplate")


@_attrs_define
class SendRequestTemplate:
    """Send a stored template (its published version) in place of `subject`, `html` and `message`, rendered now with
    `variables`. Rules a schema cannot state: an unknown template, one never published, a missing variable or a render
    past its bounds is a 400 on `template.id` or `template.variables`, and nothing is queued.

        Attributes:
            id (str): The template’s id or alias.
            variables (Union[Unset, SendRequestTemplateVariables]): The values the template reads, by name: strings,
                numbers, booleans, lists and objects. In the HTML they are escaped unless the template writes `| raw`.
    """

    id: str
    variables: Union[Unset, "SendRequestTemplateVariables"] = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        variables: Union[Unset, dict[str, Any]] = UNSET
        if not isinstance(self.variables, Unset):
            variables = self.variables.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
            }
        )
        if variables is not UNSET:
            field_dict["variables"] = variables

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.send_request_template_variables import (
            SendRequestTemplateVariables,
        )

        d = dict(src_dict)
        id = d.pop("id")

        _variables = d.pop("variables", UNSET)
        variables: Union[Unset, SendRequestTemplateVariables]
        if isinstance(_variables, Unset):
            variables = UNSET
        else:
            variables = SendRequestTemplateVariables.from_dict(_variables)

        send_request_template = cls(
            id=id,
            variables=variables,
        )

        return send_request_template
