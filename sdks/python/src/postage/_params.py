"""Turning keyword arguments into the API's request bodies and query strings."""

from __future__ import annotations

import base64
import datetime as _dt
import mimetypes
import os
import uuid
from typing import Any, Dict, Mapping, Optional, Sequence, Union

from dateutil.parser import isoparse

from ._model import Model

__all__ = ["NOT_GIVEN", "NotGiven", "Attachment", "new_idempotency_key", "send_body", "batch_body", "compact", "iso_datetime", "query_time"]


class NotGiven:
    """The default of an argument whose ``None`` means something (``null`` in the request):
    an argument left at ``NOT_GIVEN`` is not sent at all."""

    _instance: Optional["NotGiven"] = None

    def __new__(cls) -> "NotGiven":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()


class Attachment:
    """A file to attach to an email.

    ``content`` is the file's bytes (the client base64-encodes them), or a ``str`` that is
    already base64 (RFC 4648, padded, no line breaks), as the API takes it. ``content_type`` is
    guessed from the file name by the API when absent.

        Attachment("invoice.pdf", pdf_bytes, "application/pdf")
        Attachment.from_path("report.csv")
    """

    __slots__ = ("filename", "content", "content_type")

    def __init__(self, filename: str, content: Union[bytes, bytearray, memoryview, str], content_type: Optional[str] = None) -> None:
        self.filename = filename
        self.content = content
        self.content_type = content_type

    @classmethod
    def from_path(cls, path: Union[str, "os.PathLike[str]"], content_type: Optional[str] = None, filename: Optional[str] = None) -> "Attachment":
        with open(path, "rb") as f:
            data = f.read()
        name = filename or os.path.basename(os.fspath(path))
        return cls(name, data, content_type or mimetypes.guess_type(name)[0])

    def to_dict(self) -> Dict[str, Any]:
        content = self.content
        if isinstance(content, (bytes, bytearray, memoryview)):
            encoded = base64.b64encode(bytes(content)).decode("ascii")
        else:
            encoded = content
        out: Dict[str, Any] = {"filename": self.filename, "content": encoded}
        if self.content_type is not None:
            out["content_type"] = self.content_type
        return out

    def __repr__(self) -> str:
        return f"Attachment(filename={self.filename!r}, content_type={self.content_type!r})"


AttachmentLike = Union[Attachment, Mapping[str, Any]]


def _attachment(value: AttachmentLike) -> Dict[str, Any]:
    if isinstance(value, Attachment):
        return value.to_dict()
    if isinstance(value, Mapping):
        return Attachment(value["filename"], value["content"], value.get("content_type")).to_dict()
    to_dict = getattr(value, "to_dict", None)  # a models.SendRequestAttachment
    if callable(to_dict):
        return dict(to_dict())
    raise TypeError(f"an attachment is an Attachment or a mapping with filename and content, not {type(value).__name__}")


def iso_datetime(value: Union[_dt.datetime, str], name: str) -> str:
    """An ISO 8601 date-time with a UTC offset, as the API takes them."""
    if isinstance(value, str):
        value = isoparse(value)
    if not isinstance(value, _dt.datetime):
        raise TypeError(f"{name} is a datetime or an ISO 8601 string, not {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} needs a time zone (a naive datetime is ambiguous): use datetime.now(timezone.utc) or similar")
    return value.isoformat()


def query_time(value: Union[_dt.date, str], name: str) -> str:
    """A ``since``/``until`` filter of a log: a date (``2030-01-31``, UTC midnight) or an aware
    datetime, written in ISO 8601; strings are read as ISO 8601 first."""
    if isinstance(value, str):
        text = value.strip()
        if len(text) == 10:
            try:
                return _dt.date.fromisoformat(text).isoformat()
            except ValueError:
                pass
        value = isoparse(text)
    if isinstance(value, _dt.datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"{name} needs a time zone (a naive datetime is ambiguous): use datetime.now(timezone.utc) or similar")
        return value.isoformat()
    if isinstance(value, _dt.date):
        return value.isoformat()
    raise TypeError(f"{name} is a date, a datetime or an ISO 8601 string, not {type(value).__name__}")


def new_idempotency_key() -> str:
    """A fresh idempotency key: a random UUID (what the client makes, once per call, when you
    pass none). Keep one to send the same email again safely later."""
    return str(uuid.uuid4())


def compact(**fields: Any) -> Dict[str, Any]:
    """The fields that were given: None and NOT_GIVEN are left out."""
    return {k: v for k, v in fields.items() if v is not None and v is not NOT_GIVEN}


def send_body(
    *,
    to: str,
    from_email: Optional[str] = None,
    subject: Optional[str] = None,
    html: Optional[str] = None,
    message: Optional[str] = None,
    from_name: Optional[str] = None,
    reply_to: Optional[str] = None,
    attachments: Optional[Sequence[AttachmentLike]] = None,
    tags: Optional[Mapping[str, str]] = None,
    template: Union[str, Mapping[str, Any], None] = None,
    variables: Optional[Mapping[str, Any]] = None,
    scheduled_at: Union[_dt.datetime, str, None] = None,
    headers: Optional[Mapping[str, str]] = None,
    track_opens: Optional[bool] = None,
    track_clicks: Optional[bool] = None,
    unsubscribe: Optional[Mapping[str, str]] = None,
    idempotency_key: Optional[str] = None,
) -> Dict[str, Any]:
    """A send request (the JSON of ``POST /api/send/``, or one email of a batch)."""
    body = compact(
        to=to,
        from_email=from_email,
        from_name=from_name,
        subject=subject,
        message=message,
        html=html,
        reply_to=reply_to,
        track_opens=track_opens,
        track_clicks=track_clicks,
        idempotency_key=idempotency_key,
    )
    if headers is not None:
        if not isinstance(headers, Mapping):
            raise TypeError(f"headers is a mapping of header names to values, not {type(headers).__name__}")
        body["headers"] = {str(k): str(v) for k, v in headers.items()}
    if unsubscribe is not None:
        if not isinstance(unsubscribe, Mapping):
            raise TypeError('unsubscribe is {} (all mail) or {"topic": "..."}, not ' + type(unsubscribe).__name__)
        body["unsubscribe"] = dict(unsubscribe)
    if attachments is not None:
        body["attachments"] = [_attachment(a) for a in attachments]
    if tags is not None:
        body["tags"] = {str(k): str(v) for k, v in tags.items()}
    if template is not None:
        if isinstance(template, str):
            body["template"] = compact(id=template, variables=dict(variables) if variables is not None else None)
        else:
            if variables is not None:
                raise TypeError("pass variables inside template={'id': ..., 'variables': ...} or with template='<id>', not both")
            body["template"] = dict(template)
    elif variables is not None:
        raise TypeError("variables go with template='<id or alias>'")
    if scheduled_at is not None:
        body["scheduled_at"] = iso_datetime(scheduled_at, "scheduled_at")
    return body


def batch_body(emails: Sequence[Any]) -> Dict[str, Any]:
    """The JSON of ``POST /api/send/batch``: each email a mapping of ``send``'s keyword arguments
    (or a :class:`postage.models.SendRequest`)."""
    if isinstance(emails, (str, bytes, Mapping)):
        raise TypeError("emails is a sequence of emails (mappings of send() arguments)")
    body = []
    for email in emails:
        if isinstance(email, Model):
            body.append(email.to_dict())
        elif isinstance(email, Mapping):
            body.append(send_body(**email))
        else:
            raise TypeError(f"each email of a batch is a mapping of send() arguments, not {type(email).__name__}")
    return {"emails": body}
