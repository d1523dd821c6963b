from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

from ..models.create_domain_request_sending_mode import (
    CreateDomainRequestSendingMode,
    check_create_domain_request_sending_mode,
)

T = TypeVar("T", bound="CreateDomainRequest")


@_attrs_define
class CreateDomainRequest:
    """A `byoc` domain is a registrable domain, not a subdomain (400 on `name`: the public suffix list decides, which a
    pattern cannot state).

        Attributes:
            name (str):
            sending_mode (CreateDomainRequestSendingMode):
    """

    name: str
    sending_mode: CreateDomainRequestSendingMode

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        sending_mode: str = self.sending_mode

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "sending_mode": sending_mode,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        sending_mode = check_create_domain_request_sending_mode(d.pop("sending_mode"))

        create_domain_request = cls(
            name=name,
            sending_mode=sending_mode,
        )

        return create_domain_request
