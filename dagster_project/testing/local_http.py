"""A tiny HTTP server on 127.0.0.1 (free port) for tests, answering from a Python handler function."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

# handler(method, path, query params, headers, body bytes) -> (status, headers, body bytes)
Handler = Callable[[str, str, dict, dict, bytes], tuple[int, dict, bytes]]


def json_reply(payload, status: int = 200) -> tuple[int, dict, bytes]:
    return status, {"Content-Type": "application/json"}, json.dumps(payload).encode("utf-8")


@contextmanager
def local_server(handler: Handler):
    """Yields (base_url, requests) where requests records (method, path, params, headers, body)."""
    requests: list[tuple[str, str, dict, dict, bytes]] = []

    class _Handler(BaseHTTPRequestHandler):
        def _serve(self, method: str) -> None:
            url = urlparse(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            params = parse_qs(url.query)
            if self.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded"):
                params.update(parse_qs(body.decode("utf-8")))
            headers = {k.lower(): v for k, v in self.headers.items()}
            requests.append((method, url.path, params, headers, body))
            status, reply_headers, reply = handler(method, url.path, params, headers, body)
            try:
                self.send_response(status)
                for key, value in reply_headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test): nothing to answer

        def do_GET(self):  # noqa: N802 - http.server naming
            self._serve("GET")

        def do_POST(self):  # noqa: N802
            self._serve("POST")

        def log_message(self, *args):  # keep test output quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", requests
    finally:
        server.shutdown()
        server.server_close()
