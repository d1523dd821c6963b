import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from dateutil.parser import isoparse

from ..models.email_detail_email_kind import (
    EmailDetailEmailKind,
    check_email_detail_email_kind,
)
from ..models.email_detail_email_status import (
    EmailDetailEmailStatus,
    check_email_detail_email_status,
)

if TYPE_CHECKING:
    from ..models.email_detail_email_tags import EmailDetailEmailTags
    from ..models.email_detail_email_template_type_0 import (
        EmailDetailEmailTemplateType0,
    )


T = TypeVar("T", bound="EmailDetailEmail")


@_attrs_define
class EmailDetailEmail:
    """
    Attributes:
        message_id (str):
        recipient (str):
        from_email (str):
        subject (str):
        status (EmailDetailEmailStatus):
        kind (EmailDetailEmailKind):
        bounce_type (Union[None, str]):
        bounce_subtype (Union[None, str]):
        created_at (datetime.datetime):
        sent_at (Union[None, datetime.datetime]):
        delivered_at (Union[None, datetime.datetime]):
        bounced_at (Union[None, datetime.datetime]):
        complained_at (Union[None, datetime.datetime]):
        failed_at (Union[None, datetime.datetime]):
        tags (EmailDetailEmailTags): The tags the send carried (`{}` without).
        scheduled_at (Union[None, datetime.datetime]):
        template (Union['EmailDetailEmailTemplateType0', None]):
    """

    message_id: str
    recipient: str
    from_email: str
    subject: str
    status: EmailDetailEmailStatus
    kind: EmailDetailEmailKind
    bounce_type: Union[None, str]
    bounce_subtype: Union[None, str]
    created_at: datetime.datetime
    sent_at: Union[None, datetime.datetime]
    delivered_at: Union[None, datetime.datetime]
    bounced_at: Union[None, datetime.datetime]
    complained_at: Union[None, datetime.datetime]
    failed_at: Union[None, datetime.datetime]
    tags: "EmailDetailEmailTags"
    scheduled_at: Union[None, datetime.datetime]
    template: Union["EmailDetailEmailTemplateType0", None]

    def to_dict(self) -> dict[str, Any]:
        from ..models.email_detail_email_template_type_0 import (
            EmailDetailEmailTemplateType0,
        )

        message_id = self.message_id

        recipient = self.recipient

        from_email = self.from_email

        subject = self.subject

        status: str = self.status

        kind: str = self.kind

        bounce_type: Union[None, str]
        bounce_type = self.bounce_type

        bounce_subtype: Union[None, str]
        bounce_subtype = self.bounce_subtype

        created_at = self.created_at.isoformat()

        sent_at: Union[None, str]
        if isinstance(self.sent_at, datetime.datetime):
            sent_at = self.sent_at.isoformat()
        else:
            sent_at = self.sent_at

        delivered_at: Union[None, str]
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        bounced_at: Union[None, str]
        if isinstance(self.bounced_at, datetime.datetime):
            bounced_at = self.bounced_at.isoformat()
        else:
            bounced_at = self.bounced_at

        complained_at: Union[None, str]
        if isinstance(self.complained_at, datetime.datetime):
            complained_at = self.complained_at.isoformat()
        else:
            complained_at = self.complained_at

        failed_at: Union[None, str]
        if isinstance(self.failed_at, datetime.datetime):
            failed_at = self.failed_at.isoformat()
        else:
            failed_at = self.failed_at

        tags = self.tags.to_dict()

        scheduled_at: Union[None, str]
        if isinstance(self.scheduled_at, datetime.datetime):
            scheduled_at = self.scheduled_at.isoformat()
        else:
            scheduled_at = self.scheduled_at

        template: Union[None, dict[str, Any]]
        if isinstance(self.template, EmailDetailEmailTemplateType0):
            template = self.template.to_dict()
        else:
            template = self.template

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message_id": message_id,
                "recipient": recipient,
                "from_email": from_email,
                "subject": subject,
                "status": status,
                "kind": kind,
                "bounce_type": bounce_type,
                "bounce_subtype": bounce_subtype,
                "created_at": created_at,
                "sent_at": sent_at,
                "delivered_at": delivered_at,
                "bounced_at": bounced_at,
                "complained_at": complained_at,
                "failed_at": failed_at,
                "tags": tags,
                "scheduled_at": scheduled_at,
                "template": template,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.email_detail_email_tags import EmailDetailEmailTags
        from ..models.email_detail_email_template_type_0 import (
            EmailDetailEmailTemplateType0,
        )

        d = dict(src_dict)
        message_id = d.pop("message_id")

        recipient = d.pop("recipient")

        from_email = d.pop("from_email")

        subject = d.pop("subject")

        status = check_email_detail_email_status(d.pop("status"))

        kind = check_email_detail_email_kind(d.pop("kind"))

        def _parse_bounce_type(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        bounce_type = _parse_bounce_type(d.pop("bounce_type"))

        def _parse_bounce_subtype(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        bounce_subtype = _parse_bounce_subtype(d.pop("bounce_subtype"))

        created_at = isoparse(d.pop("created_at"))

        def _parse_sent_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sent_at_type_0 = isoparse(data)

                return sent_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        sent_at = _parse_sent_at(d.pop("sent_at"))

        def _parse_delivered_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = isoparse(data)

                return delivered_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        def _parse_bounced_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bounced_at_type_0 = isoparse(data)

                return bounced_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        bounced_at = _parse_bounced_at(d.pop("bounced_at"))

        def _parse_complained_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                complained_at_type_0 = isoparse(data)

                return complained_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        complained_at = _parse_complained_at(d.pop("complained_at"))

        def _parse_failed_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                failed_at_type_0 = isoparse(data)

                return failed_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        failed_at = _parse_failed_at(d.pop("failed_at"))

        tags = EmailDetailEmailTags.from_dict(d.pop("tags"))

        def _parse_scheduled_at(data: object) -> Union[None, datetime.datetime]:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                scheduled_at_type_0 = isoparse(data)

                return scheduled_at_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, datetime.datetime], data)

        scheduled_at = _parse_scheduled_at(d.pop("scheduled_at"))

        def _parse_template(
            data: object,
        ) -> Union["EmailDetailEmailTemplateType0", None]:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                template_type_0 = EmailDetailEmailTemplateType0.from_dict(data)

                return template_type_0
            except:  # noqa: E722
                pass
            return cast(Union["EmailDetailEmailTemplateType0", None], data)

        template = _parse_template(d.pop("template"))

        email_detail_email = cls(
            message_id=message_id,
            recipient=recipient,
            from_email=from_email,
            subject=subject,
            status=status,
            kind=kind,
            bounce_type=bounce_type,
            bounce_subtype=bounce_subtype,
            created_at=created_at,
            sent_at=sent_at,
            delivered_at=delivered_at,
            bounced_at=bounced_at,
            complained_at=complained_at,
            failed_at=failed_at,
            tags=tags,
            scheduled_at=scheduled_at,
            template=template,
        )

        return email_detail_email
