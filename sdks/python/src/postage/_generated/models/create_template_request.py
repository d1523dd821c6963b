from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateTemplateRequest")


@_attrs_define
class CreateTemplateRequest:
    """
    Attributes:
        name (str): A name for people (not unique): not only spaces.
        subject (str): A Liquid template of one line; nothing in it is escaped, and a rendered line break is refused.
        html (str): A Liquid template; every `{{ output }}` is HTML-escaped unless it ends with `| raw`.
        alias (Union[None, Unset, str]):
        text (Union[None, Unset, str]):
    """

    name: str
    subject: str
    html: str
    alias: Union[None, Unset, str] = UNSET
    text: Union[None, Unset, str] = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        subject = self.subject

        html = self.html

        alias: Union[None, Unset, str]
        if isinstance(self.alias, Unset):
            alias = UNSET
        else:
            alias = self.alias

        text: Union[None, Unset, str]
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "subject": subject,
                "html": html,
            }
        )
        if alias is not UNSET:
            field_dict["alias"] = alias
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        subject = d.pop("subject")

        html = d.pop("html")

        def _parse_alias(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        alias = _parse_alias(d.pop("alias", UNSET))

        def _parse_text(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        text = _parse_text(d.pop("text", UNSET))

        create_template_request = cls(
            name=name,
            subject=subject,
            html=html,
            alias=alias,
            text=text,
        )

        return create_template_request
