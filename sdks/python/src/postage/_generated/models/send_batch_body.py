from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.send_batch_body_emails_item import SendBatchBodyEmailsItem


T = TypeVar("T", bound="SendBatchBody")


@_attrs_define
class SendBatchBody:
    """
    Attributes:
        emails (list['SendBatchBodyEmailsItem']): Send requests (SendRequest, each checked on its own: one that is not
            valid is answered in its entry with field errors).
    """

    emails: list["SendBatchBodyEmailsItem"]

    def to_dict(self) -> dict[str, Any]:
        emails = []
        for emails_item_data in self.emails:
            emails_item = emails_item_data.to_dict()
            emails.append(emails_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "emails": emails,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.send_batch_body_emails_item import SendBatchBodyEmailsItem

        d = dict(src_dict)
        emails = []
        _emails = d.pop("emails")
        for emails_item_data in _emails:
            emails_item = SendBatchBodyEmailsItem.from_dict(emails_item_data)

            emails.append(emails_item)

        send_batch_body = cls(
            emails=emails,
        )

        return send_batch_body
