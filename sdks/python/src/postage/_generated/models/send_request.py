import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.send_request_attachments_item import SendRequestAttachmentsItem
    from ..models.send_request_tags import SendRequestTags
    from ..models.send_request_template import SendRequestTemplate


T = TypeVar("T", bound="SendRequest")


@_attrs_define
class SendRequest:
    """One email. `from_email` (or its alias `from`) is required, and at least one of `message`, `html`, `attachments` or
    `template` must be non-empty; `template` excludes `subject`, `html` and `message`. Unknown fields are rejected.
    Rules a schema cannot state: on the test domain only its documented local parts exist (400 on `to`); attachments
    together at most 10485760 bytes once decoded (400); the `Idempotency-Key` header and `idempotency_key` must agree
    when both are sent (400); the sender must be on a verified domain of the account that the key may use (403).

        Attributes:
            to (str): Exactly one recipient: `addr@example.com` or `Name <addr@example.com>`.
            from_email (Union[Unset, str]): Sender address on a verified domain of the account (`Name <addr>` accepted).
            from_ (Union[Unset, str]): Alias of `from_email`: send one of the two (equal values in both are accepted too).
            from_name (Union[Unset, str]): Display name next to the sender address.
            subject (Union[Unset, str]):
            message (Union[Unset, str]): Plain-text body.
            html (Union[Unset, str]): HTML body; wins over `message` when both are sent. Keep it under 100 KB (some clients
                clip above 102 KB).
            attachments (Union[Unset, list['SendRequestAttachmentsItem']]): At most 10 attachments, together at most
                10485760 bytes once decoded.
            reply_to (Union[Unset, str]): One address for replies.
            scheduled_at (Union[Unset, datetime.datetime]): Send later: an ISO 8601 date-time with a UTC offset, at most 30
                days ahead; a time less than 10 minutes past is sent at once (an older or too distant time is a 400 on
                `scheduled_at`, which a schema cannot state). The message is gated and counted now; it can be moved or cancelled
                until it goes (PATCH /api/emails/{message_id}, POST /api/emails/{message_id}/cancel).
            tags (Union[Unset, SendRequestTags]): Up to 10 name/value pairs, each 1 to 256 ASCII letters, digits, `_` or `-`
                (what SES accepts as message tags). Passed to SES as message tags in both modes; in shared mode kept with the
                email log (filter with `GET /api/emails?tag=name:value`) and echoed as `tags` in the message's webhook payloads;
                in BYOC mode Postage keeps none of them.
            template (Union[Unset, SendRequestTemplate]): Send a stored template (its published version) in place of
                `subject`, `html` and `message`, rendered now with `variables`. Rules a schema cannot state: an unknown
                template, one never published, a missing variable or a render past its bounds is a 400 on `template.id` or
                `template.variables`, and nothing is queued.
            idempotency_key (Union[Unset, str]): Makes a retry safe: 1 to 255 visible ASCII characters. The `Idempotency-
                Key` header is an alternative.
    """

    to: str
    from_email: Union[Unset, str] = UNSET
    from_: Union[Unset, str] = UNSET
    from_name: Union[Unset, str] = UNSET
    subject: Union[Unset, str] = UNSET
    message: Union[Unset, str] = UNSET
    html: Union[Unset, str] = UNSET
    attachments: Union[Unset, list["SendRequestAttachmentsItem"]] = UNSET
    reply_to: Union[Unset, str] = UNSET
    scheduled_at: Union[Unset, datetime.datetime] = UNSET
    tags: Union[Unset, "SendRequestTags"] = UNSET
    template: Union[Unset, "SendRequestTemplate"] = UNSET
    idempotency_key: Union[Unset, str] = UNSET

    def to_dict(self) -> dict[str, Any]:
        to = self.to

        from_email = self.from_email

        from_ = self.from_

        from_name = self.from_name

        subject = self.subject

        message = self.message

        html = self.html

        attachments: Union[Unset, list[dict[str, Any]]] = UNSET
        if not isinstance(self.attachments, Unset):
            attachments = []
            for attachments_item_data in self.attachments:
                attachments_item = attachments_item_data.to_dict()
                attachments.append(attachments_item)

        reply_to = self.reply_to

        scheduled_at: Union[Unset, str] = UNSET
        if not isinstance(self.scheduled_at, Unset):
            scheduled_at = self.scheduled_at.isoformat()

        tags: Union[Unset, dict[str, Any]] = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags.to_dict()

        template: Union[Unset, dict[str, Any]] = UNSET
        if not isinstance(self.template, Unset):
            template = self.template.to_dict()

        idempotency_key = self.idempotency_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "to": to,
            }
        )
        if from_email is not UNSET:
            field_dict["from_email"] = from_email
        if from_ is not UNSET:
            field_dict["from"] = from_
        if from_name is not UNSET:
            field_dict["from_name"] = from_name
        if subject is not UNSET:
            field_dict["subject"] = subject
        if message is not UNSET:
            field_dict["message"] = message
        if html is not UNSET:
            field_dict["html"] = html
        if attachments is not UNSET:
            field_dict["attachments"] = attachments
        if reply_to is not UNSET:
            field_dict["reply_to"] = reply_to
        if scheduled_at is not UNSET:
            field_dict["scheduled_at"] = scheduled_at
        if tags is not UNSET:
            field_dict["tags"] = tags
        if template is not UNSET:
            field_dict["template"] = template
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.send_request_attachments_item import SendRequestAttachmentsItem
        from ..models.send_request_tags import SendRequestTags
        from ..models.send_request_template import SendRequestTemplate

        d = dict(src_dict)
        to = d.pop("to")

        from_email = d.pop("from_email", UNSET)

        from_ = d.pop("from", UNSET)

        from_name = d.pop("from_name", UNSET)

        subject = d.pop("subject", UNSET)

        message = d.pop("message", UNSET)

        html = d.pop("html", UNSET)

        _attachments = d.pop("attachments", UNSET)
        attachments: Union[Unset, list["SendRequestAttachmentsItem"]] = UNSET
        if not isinstance(_attachments, Unset):
            attachments = []
            for attachments_item_data in _attachments:
                attachments_item = SendRequestAttachmentsItem.from_dict(
                    attachments_item_data
                )

                attachments.append(attachments_item)

        reply_to = d.pop("reply_to", UNSET)

        _scheduled_at = d.pop("scheduled_at", UNSET)
        scheduled_at: Union[Unset, datetime.datetime]
        if isinstance(_scheduled_at, Unset):
            scheduled_at = UNSET
        else:
            scheduled_at = isoparse(_scheduled_at)

        _tags = d.pop("tags", UNSET)
        tags: Union[Unset, SendRequestTags]
        if isinstance(_tags, Unset):
            tags = UNSET
        else:
            tags = SendRequestTags.from_dict(_tags)

        _template = d.pop("template", UNSET)
        template: Union[Unset, SendRequestTemplate]
        if isinstance(_template, Unset):
            template = UNSET
        else:
            template = SendRequestTemplate.from_dict(_template)

        idempotency_key = d.pop("idempotency_key", UNSET)

        send_request = cls(
            to=to,
            from_email=from_email,
            from_=from_,
            from_name=from_name,
            subject=subject,
            message=message,
            html=html,
            attachments=attachments,
            reply_to=reply_to,
            scheduled_at=scheduled_at,
            tags=tags,
            template=template,
            idempotency_key=idempotency_key,
        )

        return send_request
