from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.cloud_formation_template_outputs import CloudFormationTemplateOutputs
    from ..models.cloud_formation_template_resources import (
        CloudFormationTemplateResources,
    )


T = TypeVar("T", bound="CloudFormationTemplate")


@_attrs_define
class CloudFormationTemplate:
    """
    Attributes:
        aws_template_format_version (Literal['2010-09-09']):
        resources (CloudFormationTemplateResources):
        outputs (CloudFormationTemplateOutputs):
    """

    aws_template_format_version: Literal["2010-09-09"]
    resources: "CloudFormationTemplateResources"
    outputs: "CloudFormationTemplateOutputs"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        aws_template_format_version = self.aws_template_format_version

        resources = self.resources.to_dict()

        outputs = self.outputs.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "AWSTemplateFormatVersion": aws_template_format_version,
                "Resources": resources,
                "Outputs": outputs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cloud_formation_template_outputs import (
            CloudFormationTemplateOutputs,
        )
        from ..models.cloud_formation_template_resources import (
            CloudFormationTemplateResources,
        )

        d = dict(src_dict)
        aws_template_format_version = cast(
            Literal["2010-09-09"], d.pop("AWSTemplateFormatVersion")
        )
        if aws_template_format_version != "2010-09-09":
            raise ValueError(
                f"AWSTemplateFormatVersion must match const '2010-09-09', got '{aws_template_format_version}'"
            )

        resources = CloudFormationTemplateResources.from_dict(d.pop("Resources"))

        outputs = CloudFormationTemplateOutputs.from_dict(d.pop("Outputs"))

        cloud_formation_template = cls(
            aws_template_format_version=aws_template_format_version,
            resources=resources,
            outputs=outputs,
        )

        cloud_formation_template.additional_properties = d
        return cloud_formation_template

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
