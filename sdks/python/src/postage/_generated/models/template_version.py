import datetime
from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

T = TypeVar("T", bound="TemplateVersion")


@_attrs_define
class TemplateVersion:
    """
    Attributes:
        version (int):
        subject (str):
        html (str):
        text (Union[None, str]):
        variables (list[str]):
        published_at (datetime.datetime):
    """

    version: int
    subject: str
    html: str
    text: Union[None, str]
    variables: list[str]
    published_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        subject = self.subject

        html = self.html

        text: Union[None, str]
        text = self.text

        variables = self.variables

        published_at = self.published_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "subject": subject,
                "html": html,
                "text": text,
                "variables": variables,
                "published_at": published_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        subject = d.pop("subject")

        html = d.pop("html")

        def _parse_text(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        text = _parse_text(d.pop("text"))

        variables = cast(list[str], d.pop("variables"))

        published_at = isoparse(d.pop("published_at"))

        template_version = cls(
            version=version,
            subject=subject,
            html=html,
            text=text,
            variables=variables,
            published_at=published_at,
        )

        return template_version
