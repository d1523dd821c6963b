from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.template_list_templates_item import TemplateListTemplatesItem


T = TypeVar("T", bound="TemplateList")


@_attrs_define
class TemplateList:
    """
    Attributes:
        templates (list['TemplateListTemplatesItem']):
        next_cursor (Union[None, str]):
    """

    templates: list["TemplateListTemplatesItem"]
    next_cursor: Union[None, str]

    def to_dict(self) -> dict[str, Any]:
        templates = []
        for templates_item_data in self.templates:
            templates_item = templates_item_data.to_dict()
            templates.append(templates_item)

        next_cursor: Union[None, str]
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "templates": templates,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.template_list_templates_item import TemplateListTemplatesItem

        d = dict(src_dict)
        templates = []
        _templates = d.pop("templates")
        for templates_item_data in _templates:
            templates_item = TemplateListTemplatesItem.from_dict(templates_item_data)

            templates.append(templates_item)

        def _parse_next_cursor(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        template_list = cls(
            templates=templates,
            next_cursor=next_cursor,
        )

        return template_list
