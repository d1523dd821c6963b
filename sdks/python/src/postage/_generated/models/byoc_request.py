from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ByocRequest")


@_attrs_define
class ByocRequest:
    """
    Attributes:
        role_arn (str):
        region (str): An AWS region where SES offers its API.
    """

    role_arn: str
    region: str

    def to_dict(self) -> dict[str, Any]:
        role_arn = self.role_arn

        region = self.region

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role_arn": role_arn,
                "region": region,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role_arn = d.pop("role_arn")

        region = d.pop("region")

        byoc_request = cls(
            role_arn=role_arn,
            region=region,
        )

        return byoc_request
