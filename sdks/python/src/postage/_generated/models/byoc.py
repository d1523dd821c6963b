import datetime
from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

T = TypeVar("T", bound="Byoc")


@_attrs_define
class Byoc:
    """
    Attributes:
        configured (bool): A configuration was saved.
        byoc_configured (bool): Validated, enabled and usable (spec 2.4).
        role_name (Literal['Service-BYOC-Role']):
        role_arn (Union[None, str]):
        region (Union[None, str]):
        external_id (Union[None, str]):
        validated_at (Union[None, datetime.datetime]):
        validation_error (Union[None, str]):
        unusable_reason (Union[None, str]):
    """

    configured: bool
    byoc_configured: bool
    role_name: Literal["Service-BYOC-Role"]
    role_arn: Union[None, str]
    region: Union[None, str]
    external_id: Union[None, str]
    validated_at: Union[None, datetime.datetime]
    validation_error: Union[None, str]
    unusable_reason: Union[None, str]

    def to_dict(self) -> dict[str, Any]:
        configured = self.configured

        byoc_configured = self.byoc_configured

        role_name = self.role_name

        role_arn: Union[None, str]
        role_arn = self.role_arn

        region: Union[None, str]
        region = self.region

        external_id: Union[None, str]
        external_id = self.external_id

        validated_at: Union[None, str]
        if isinstance(self.validated_at, datetime.datetime):
            validated_at = self.validated_at.isoformat()
        else:
            validated_at = self.validated_at

        validation_error: Union[None, str]
        validation_error = self.validation_error

        unusable_reason: Union[None, str]
        unusable_reason = self.unusable_reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "configured": configured,
                "byoc_configured": byoc_configured,
                "role_name": role_name,
                "role_arn": role_arn,
                "region": region,
                "external_id": external_id,
                "validated_at": validated_at,
                "validation_error": validation_error,
                "unusable_reason": unusable_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        configured = d.pop("configured")

        byoc_configured = d.pop("byoc_configured")

        role_name = cast(Literal["Service-BYOC-Role"], d.pop("role_name"))
        if role_name != "Service-BYOC-Role":
            raise ValueError(
                f"role_name must match const 'Service-BYOC-Role', got '{role_name}'"
            )

        def _parse_role_arn(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        role_arn = _parse_role_arn(d.pop("role_arn"))

        def _parse_region(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        region = _parse_region(d.pop("region"))

        def _parse_external_id(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        external_id = _parse_external_id(d.pop("external_id"))

        def _parse_validated_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                validated_at_type_0 = isoparse(data)

                return validated_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        validated_at = _parse_validated_at(d.pop("validated_at"))

        def _parse_validation_error(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        validation_error = _parse_validation_error(d.pop("validation_error"))

        def _parse_unusable_reason(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        unusable_reason = _parse_unusable_reason(d.pop("unusable_reason"))

        byoc = cls(
            configured=configured,
            byoc_configured=byoc_configured,
            role_name=role_name,
            role_arn=role_arn,
            region=region,
            external_id=external_id,
            validated_at=validated_at,
            validation_error=validation_error,
            unusable_reason=unusable_reason,
        )

        return byoc
