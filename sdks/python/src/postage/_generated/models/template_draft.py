from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="TemplateDraft")


@_attrs_define
class TemplateDraft:
    """
    Attributes:
        subject (str):
        html (str):
        text (Union[None, str]):
        variables (list[str]): The variables the draft reads (top-level names).
    """

    subject: str
    html: str
    text: Union[None, str]
    variables: list[str]

    def to_dict(self) -> dict[str, Any]:
        subject = self.subject

        html = self.html

        text: Union[None, str]
        text = self.text

        variables = self.variables

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "subject": subject,
                "html": html,
                "text": text,
                "variables": variables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        subject = d.pop("subject")

        html = d.pop("html")

        def _parse_text(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        text = _parse_text(d.pop("text"))

        variables = cast(list[str], d.pop("variables"))

        template_draft = cls(
            subject=subject,
            html=html,
            text=text,
            variables=variables,
        )

        return template_draft
