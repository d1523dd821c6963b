"""A reader of server-sent events (the WHATWG "event stream" format), enough for the API's live
events stream (``GET /api/events/stream``): lines ended by CRLF, LF or CR, ``data`` lines joined by
newlines, comments (``:``) skipped, the ``id`` kept from one event to the next as EventSource keeps
it. Fed bytes as they come, by both clients' streams (``_async/resources.py`` and its twin)."""

from __future__ import annotations

import codecs
import dataclasses
import json
import re
from datetime import datetime
from typing import Any, Dict, List, Optional

from . import errors
from .webhooks import WebhookEvent, _event

_LINE_END = re.compile(r"\r\n|\r|\n")


@dataclasses.dataclass(frozen=True)
class LiveEvent:
    """One event of the account, as it happened (``client.events.stream()``)."""

    #: Where the stream stands after this event: ``last_event_id=`` resumes after it.
    cursor: str
    #: The Standard Webhooks ``webhook-id`` of the event (deduplicate on it, as with webhooks).
    id: str
    #: ``email.delivered``, ...
    type: str
    #: When the event happened (ISO 8601, as the API wrote it).
    timestamp: str
    #: The exact JSON text a webhook endpoint receives for this event (sign or forward it as is).
    body: str

    def parse(self) -> WebhookEvent:
        """``body`` read as :func:`postage.webhooks.verify` reads a delivery (raises
        :class:`~postage.WebhookVerificationError` ``invalid_body`` when it is not an event)."""
        when = datetime.fromisoformat(self.timestamp.replace("Z", "+00:00"))
        return _event(self.body.encode("utf-8"), id=self.id, timestamp=when)


class EventStreamParser:
    """Bytes in, :class:`LiveEvent` out, whatever the chunks' boundaries."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._pending = ""
        self._after_cr = False
        self._first = True
        self._last_id = ""
        self._data: List[str] = []

    def feed(self, chunk: bytes) -> List[LiveEvent]:
        text = self._decoder.decode(chunk)
        if self._first and text:
            text = text[1:] if text.startswith("\ufeff") else text
            self._first = False
        if self._after_cr and text.startswith("\n"):
            text = text[1:]
        self._after_cr = False
        lines = _LINE_END.split(self._pending + text)
        self._pending = lines.pop()
        # A CR ending the chunk ended a line; an LF may follow in the next chunk (CRLF split in two).
        self._after_cr = self._pending == "" and text.endswith("\r")
        events = []
        for line in lines:
            event = self._line(line)
            if event is not None:
                events.append(event)
        return events

    def _line(self, line: str) -> Optional[LiveEvent]:
        if line == "":
            data, self._data = self._data, []
            return _live_event(self._last_id, "\n".join(data)) if data else None
        if line.startswith(":"):
            return None
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "data":
            self._data.append(value)
        elif field == "id" and "\0" not in value:
            self._last_id = value
        return None


def _live_event(cursor: str, data: str) -> LiveEvent:
    """The event a ``data`` field holds; a :class:`~postage.PostageError` when it is not the
    documented shape (a proxy's page, a broken answer): dropping it would hide that."""
    try:
        fields: Any = json.loads(data)
    except ValueError:
        fields = None
    values: Dict[str, Any] = fields if isinstance(fields, dict) else {}
    names = ("id", "type", "timestamp", "body")
    if not all(isinstance(values.get(name), str) for name in names):
        raise errors.PostageError(f"a live event is not {{id, type, timestamp, body}}: {data[:200]}")
    return LiveEvent(cursor=cursor, **{name: values[name] for name in names})
