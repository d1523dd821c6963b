from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TemplatePreview")


@_attrs_define
class TemplatePreview:
    """
    Attributes:
        subject (str):
        html (str):
        text (str): The text part: the template’s own, or derived from the HTML.
    """

    subject: str
    html: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        subject = self.subject

        html = self.html

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "subject": subject,
                "html": html,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        subject = d.pop("subject")

        html = d.pop("html")

        text = d.pop("text")

        template_preview = cls(
            subject=subject,
            html=html,
            text=text,
        )

        return template_preview
