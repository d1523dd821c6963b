from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.template_version_list_versions_item import (
        TemplateVersionListVersionsItem,
    )


T = TypeVar("T", bound="TemplateVersionList")


@_attrs_define
class TemplateVersionList:
    """
    Attributes:
        versions (list['TemplateVersionListVersionsItem']): Newest first.
    """

    versions: list["TemplateVersionListVersionsItem"]

    def to_dict(self) -> dict[str, Any]:
        versions = []
        for versions_item_data in self.versions:
            versions_item = versions_item_data.to_dict()
            versions.append(versions_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "versions": versions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.template_version_list_versions_item import (
            TemplateVersionListVersionsItem,
        )

        d = dict(src_dict)
        versions = []
        _versions = d.pop("versions")
        for versions_item_data in _versions:
            versions_item = TemplateVersionListVersionsItem.from_dict(
                versions_item_data
            )

            versions.append(versions_item)

        template_version_list = cls(
            versions=versions,
        )

        return template_version_list
