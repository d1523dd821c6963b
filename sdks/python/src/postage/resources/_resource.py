"""A resource is a view of a client: its methods prepare a Call and hand it to the client."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .._client import AsyncPostage, Postage


class SyncResource:
    def __init__(self, client: "Postage") -> None:
        self._client = client


class AsyncResource:
    def __init__(self, client: "AsyncPostage") -> None:
        self._client = client
