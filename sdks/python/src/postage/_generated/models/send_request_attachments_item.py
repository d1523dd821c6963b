from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SendRequestAttachmentsItem")


@_attrs_define
class SendRequestAttachmentsItem:
    """
    Attributes:
        filename (str):
        content (str): The file, base64-encoded (RFC 4648 alphabet, padded, no line breaks).
        content_type (Union[Unset, str]): MIME type; guessed from the file name when absent.
    """

    filename: str
    content: str
    content_type: Union[Unset, str] = UNSET

    def to_dict(self) -> dict[str, Any]:
        filename = self.filename

        content = self.content

        content_type = self.content_type

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "filename": filename,
                "content": content,
            }
        )
        if content_type is not UNSET:
            field_dict["content_type"] = content_type

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        filename = d.pop("filename")

        content = d.pop("content")

        content_type = d.pop("content_type", UNSET)

        send_request_attachments_item = cls(
            filename=filename,
            content=content,
            content_type=content_type,
        )

        return send_request_attachments_item
