from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.created_api_key_api_key import CreatedApiKeyApiKey


T = TypeVar("T", bound="CreatedApiKey")


@_attrs_define
class CreatedApiKey:
    """
    Attributes:
        api_key (CreatedApiKeyApiKey):
        secret (str): The key itself, shown this once. Send it as X-API-Key.
    """

    api_key: "CreatedApiKeyApiKey"
    secret: str

    def to_dict(self) -> dict[str, Any]:
        api_key = self.api_key.to_dict()

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "api_key": api_key,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.created_api_key_api_key import CreatedApiKeyApiKey

        d = dict(src_dict)
        api_key = CreatedApiKeyApiKey.from_dict(d.pop("api_key"))

        secret = d.pop("secret")

        created_api_key = cls(
            api_key=api_key,
            secret=secret,
        )

        return created_api_key
