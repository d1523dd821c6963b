from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateTemplateRequest")


@_attrs_define
class UpdateTemplateRequest:
    """Name and alias change at once; subject, html and text change the draft, which sends use once published.

    Attributes:
        name (Union[Unset, str]): A name for people (not unique): not only spaces.
        alias (Union[None, Unset, str]):
        subject (Union[Unset, str]): A Liquid template of one line; nothing in it is escaped, and a rendered line break
            is refused.
        html (Union[Unset, str]): A Liquid template; every `{{ output }}` is HTML-escaped unless it ends with `| raw`.
        text (Union[None, Unset, str]):
    """

    name: Union[Unset, str] = UNSET
    alias: Union[None, Unset, str] = UNSET
    subject: Union[Unset, str] = UNSET
    html: Union[Unset, str] = UNSET
    text: Union[None, Unset, str] = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        alias: Union[None, Unset, str]
        if isinstance(self.alias, Unset):
            alias = UNSET
        else:
            alias = self.alias

        subject = self.subject

        html = self.html

        text: Union[None, Unset, str]
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if alias is not UNSET:
            field_dict["alias"] = alias
        if subject is not UNSET:
            field_dict["subject"] = subject
        if html is not UNSET:
            field_dict["html"] = html
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_alias(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        alias = _parse_alias(d.pop("alias", UNSET))

        subject = d.pop("subject", UNSET)

        html = d.pop("html", UNSET)

        def _parse_text(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        text = _parse_text(d.pop("text", UNSET))

        update_template_request = cls(
            name=name,
            alias=alias,
            subject=subject,
            html=html,
            text=text,
        )

        return update_template_request
