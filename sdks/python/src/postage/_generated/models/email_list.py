from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.email_list_emails_item import EmailListEmailsItem


T = TypeVar("T", bound="EmailList")


@_attrs_define
class EmailList:
    """
    Attributes:
        emails (list['EmailListEmailsItem']):
        next_cursor (Union[None, str]):
    """

    emails: list["EmailListEmailsItem"]
    next_cursor: Union[None, str]

    def to_dict(self) -> dict[str, Any]:
        emails = []
        for emails_item_data in self.emails:
            emails_item = emails_item_data.to_dict()
            emails.append(emails_item)

        next_cursor: Union[None, str]
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "emails": emails,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.email_list_emails_item import EmailListEmailsItem

        d = dict(src_dict)
        emails = []
        _emails = d.pop("emails")
        for emails_item_data in _emails:
            emails_item = EmailListEmailsItem.from_dict(emails_item_data)

            emails.append(emails_item)

        def _parse_next_cursor(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        email_list = cls(
            emails=emails,
            next_cursor=next_cursor,
        )

        return email_list
