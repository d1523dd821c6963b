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

T = TypeVar("T", bound="TemplateSummary")


@_attrs_define
class TemplateSummary:
    """
    Attributes:
        id (str):
        name (str):
        alias (Union[None, str]):
        published_version (Union[None, int]):
        has_unpublished_changes (bool): The draft differs from the published version.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    name: str
    alias: Union[None, str]
    published_version: Union[None, int]
    has_unpublished_changes: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        alias: Union[None, str]
        alias = self.alias

        published_version: Union[None, int]
        published_version = self.published_version

        has_unpublished_changes = self.has_unpublished_changes

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "alias": alias,
                "published_version": published_version,
                "has_unpublished_changes": has_unpublished_changes,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        def _parse_alias(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        alias = _parse_alias(d.pop("alias"))

        def _parse_published_version(data: object) -> Union[None, int]:
            if data is None:
                return data
            return cast(Union[None, int], data)

        published_version = _parse_published_version(d.pop("published_version"))

        has_unpublished_changes = d.pop("has_unpublished_changes")

        created_at = isoparse(d.pop("created_at"))

        updated_at = isoparse(d.pop("updated_at"))

        template_summary = cls(
            id=id,
            name=name,
            alias=alias,
            published_version=published_version,
            has_unpublished_changes=has_unpublished_changes,
            created_at=created_at,
            updated_at=updated_at,
        )

        return template_summary
