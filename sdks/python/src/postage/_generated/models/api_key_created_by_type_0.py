from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

from ..models.api_key_created_by_type_0_type import (
    ApiKeyCreatedByType0Type,
    check_api_key_created_by_type_0_type,
)

T = TypeVar("T", bound="ApiKeyCreatedByType0")


@_attrs_define
class ApiKeyCreatedByType0:
    """
    Attributes:
        type_ (ApiKeyCreatedByType0Type):
        id (str): A user or key id, the operator name, or the system part.
        name (Union[None, str]):
        email (Union[None, str]):
    """

    type_: ApiKeyCreatedByType0Type
    id: str
    name: Union[None, str]
    email: Union[None, str]

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        id = self.id

        name: Union[None, str]
        name = self.name

        email: Union[None, str]
        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "name": name,
                "email": email,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_api_key_created_by_type_0_type(d.pop("type"))

        id = d.pop("id")

        def _parse_name(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        name = _parse_name(d.pop("name"))

        def _parse_email(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        email = _parse_email(d.pop("email"))

        api_key_created_by_type_0 = cls(
            type_=type_,
            id=id,
            name=name,
            email=email,
        )

        return api_key_created_by_type_0
