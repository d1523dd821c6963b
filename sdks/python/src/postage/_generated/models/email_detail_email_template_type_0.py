from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="EmailDetailEmailTemplateType0")


@_attrs_define
class EmailDetailEmailTemplateType0:
    """The template and version the message was rendered from; null for a message written in the request.

    Attributes:
        id (str):
        version (Union[None, int]):
    """

    id: str
    version: Union[None, int]

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version: Union[None, int]
        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_version(data: object) -> Union[None, int]:
            if data is None:
                return data
            return cast(Union[None, int], data)

        version = _parse_version(d.pop("version"))

        email_detail_email_template_type_0 = cls(
            id=id,
            version=version,
        )

        return email_detail_email_template_type_0
