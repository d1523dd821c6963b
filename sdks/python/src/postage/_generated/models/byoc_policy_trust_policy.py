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
    from ..models.byoc_policy_trust_policy_statement_item import (
        ByocPolicyTrustPolicyStatementItem,
    )


T = TypeVar("T", bound="ByocPolicyTrustPolicy")


@_attrs_define
class ByocPolicyTrustPolicy:
    """An IAM policy document.

    Attributes:
        version (Literal['2012-10-17']):
        statement (list['ByocPolicyTrustPolicyStatementItem']):
    """

    version: Literal["2012-10-17"]
    statement: list["ByocPolicyTrustPolicyStatementItem"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        statement = []
        for statement_item_data in self.statement:
            statement_item = statement_item_data.to_dict()
            statement.append(statement_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "Version": version,
                "Statement": statement,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.byoc_policy_trust_policy_statement_item import (
            ByocPolicyTrustPolicyStatementItem,
        )

        d = dict(src_dict)
        version = cast(Literal["2012-10-17"], d.pop("Version"))
        if version != "2012-10-17":
            raise ValueError(f"Version must match const '2012-10-17', got '{version}'")

        statement = []
        _statement = d.pop("Statement")
        for statement_item_data in _statement:
            statement_item = ByocPolicyTrustPolicyStatementItem.from_dict(
                statement_item_data
            )

            statement.append(statement_item)

        byoc_policy_trust_policy = cls(
            version=version,
            statement=statement,
        )

        byoc_policy_trust_policy.additional_properties = d
        return byoc_policy_trust_policy

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
