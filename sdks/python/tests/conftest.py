"""Fixtures of the Python SDK's tests.

test.sh runs these against the installed wheel, from a directory where the source tree is not
importable; the live tests (test_live.py) use the test stack that test/sdks/sdks.test.ts starts
and describes in POSTAGE_* variables (sdks/README.md), and are skipped without them.
"""

from __future__ import annotations

import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional

import pytest

import postage


def pytest_report_header(config: Any) -> str:
    return f"postage {postage.__version__} from {os.path.dirname(postage.__file__)}"


@pytest.fixture(scope="session", autouse=True)
def installed_package() -> None:
    # The tests are of the package as its users install it, not of the source tree.
    if os.environ.get("POSTAGE_SDK_ALLOW_SOURCE") != "1":
        assert "site-packages" in postage.__file__, f"postage was imported from {postage.__file__}, not from an installed wheel"


class Live:
    def __init__(self) -> None:
        env = os.environ
        self.base_url = env["POSTAGE_BASE_URL"]
        self.flaky_base_url = env["POSTAGE_FLAKY_BASE_URL"]
        self.api_key = env["POSTAGE_API_KEY"]
        self.full_access_key = env["POSTAGE_FULL_ACCESS_KEY"]
        self.domain = env["POSTAGE_DOMAIN"]
        self.test_domain = env["POSTAGE_TEST_DOMAIN"]
        self.simulator_domain = env["POSTAGE_SIMULATOR_DOMAIN"]
        self.error_cases: List[Dict[str, Any]] = json.loads(env.get("POSTAGE_ERROR_CASES", "[]"))
        # Postage's MX listener on the stack (plain SMTP): absent, the receiving test is skipped.
        self.mx_host = env.get("POSTAGE_MX_HOST", "")
        self.mx_port = int(env.get("POSTAGE_MX_PORT") or 0)

    @property
    def sender(self) -> str:
        return f"sdk-python@{self.domain}"

    def test_address(self, local: str) -> str:
        return f"{local}@{self.test_domain}"


LIVE_VARIABLES = (
    "POSTAGE_BASE_URL",
    "POSTAGE_FLAKY_BASE_URL",
    "POSTAGE_API_KEY",
    "POSTAGE_FULL_ACCESS_KEY",
    "POSTAGE_DOMAIN",
    "POSTAGE_TEST_DOMAIN",
    "POSTAGE_SIMULATOR_DOMAIN",
)


@pytest.fixture(scope="session")
def live() -> Live:
    missing = [name for name in LIVE_VARIABLES if not os.environ.get(name)]
    if missing:
        if os.environ.get("POSTAGE_SDK_REQUIRE_LIVE") == "1":
            pytest.fail(f"the live tests need {', '.join(missing)}")
        pytest.skip(f"no test stack: {', '.join(missing)} not set (test/sdks/sdks.test.ts sets them)")
    return Live()


@pytest.fixture()
def client(live: Live):
    with postage.Postage(api_key=live.api_key, base_url=live.base_url) as c:
        yield c


@pytest.fixture()
def admin(live: Live):
    with postage.Postage(api_key=live.full_access_key, base_url=live.base_url) as c:
        yield c


class Received:
    """One request the local webhook receiver got."""

    def __init__(self, path: str, headers: Dict[str, str], body: bytes) -> None:
        self.path = path
        self.headers = headers
        self.body = body


class Receiver:
    """A webhook endpoint on 127.0.0.1 that records every POST and answers 204."""

    def __init__(self) -> None:
        self.received: List[Received] = []
        self._cond = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length)
                with receiver._cond:
                    receiver.received.append(Received(self.path, {k: v for k, v in self.headers.items()}, body))
                    receiver._cond.notify_all()
                self.send_response(204)
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/hooks"

    def wait_for(self, predicate, timeout: float = 60.0) -> Optional[Received]:
        """The first request for which predicate(request) is true, waiting up to timeout seconds."""
        import time

        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for r in self.received:
                    if predicate(r):
                        return r
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(left)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture()
def receiver():
    r = Receiver()
    yield r
    r.close()
