from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.byoc_policy_permissions_policy import ByocPolicyPermissionsPolicy
    from ..models.byoc_policy_trust_policy import ByocPolicyTrustPolicy


T = TypeVar("T", bound="ByocPolicy")


@_attrs_define
class ByocPolicy:
    """
    Attributes:
        role_name (Literal['Service-BYOC-Role']):
        relay_account_id (str):
        external_id (Union[None, str]):
        steps (list[str]):
        trust_policy (ByocPolicyTrustPolicy): An IAM policy document.
        permissions_policy (ByocPolicyPermissionsPolicy): An IAM policy document.
    """

    role_name: Literal["Service-BYOC-Role"]
    relay_account_id: str
    external_id: Union[None, str]
    steps: list[str]
    trust_policy: "ByocPolicyTrustPolicy"
    permissions_policy: "ByocPolicyPermissionsPolicy"

    def to_dict(self) -> dict[str, Any]:
        role_name = self.role_name

        relay_account_id = self.relay_account_id

        external_id: Union[None, str]
        external_id = self.external_id

        steps = self.steps

        trust_policy = self.trust_policy.to_dict()

        permissions_policy = self.permissions_policy.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role_name": role_name,
                "relay_account_id": relay_account_id,
                "external_id": external_id,
                "steps": steps,
                "trust_policy": trust_policy,
                "permissions_policy": permissions_policy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.byoc_policy_permissions_policy import ByocPolicyPermissionsPolicy
        from ..models.byoc_policy_trust_policy import ByocPolicyTrustPolicy

        d = dict(src_dict)
        role_name = cast(Literal["Service-BYOC-Role"], d.pop("role_name"))
        if role_name != "Service-BYOC-Role":
            raise ValueError(
                f"role_name must match const 'Service-BYOC-Role', got '{role_name}'"
            )

        relay_account_id = d.pop("relay_account_id")

        def _parse_external_id(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        external_id = _parse_external_id(d.pop("external_id"))

        steps = cast(list[str], d.pop("steps"))

        trust_policy = ByocPolicyTrustPolicy.from_dict(d.pop("trust_policy"))

        permissions_policy = ByocPolicyPermissionsPolicy.from_dict(
            d.pop("permissions_policy")
        )

        byoc_policy = cls(
            role_name=role_name,
            relay_account_id=relay_account_id,
            external_id=external_id,
            steps=steps,
            trust_policy=trust_policy,
            permissions_policy=permissions_policy,
        )

        return byoc_policy
