from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TemplateTestSend")


@_attrs_define
class TemplateTestSend:
    """
    Attributes:
        message_id (str):
        recipient (str): The test address it was sent to.
    """

    message_id: str
    recipient: str

    def to_dict(self) -> dict[str, Any]:
        message_id = self.message_id

        recipient = self.recipient

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message_id": message_id,
                "recipient": recipient,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message_id = d.pop("message_id")

        recipient = d.pop("recipient")

        template_test_send = cls(
            message_id=message_id,
            recipient=recipient,
        )

        return template_test_send
