"""Serve the built site on 127.0.0.1 (a static server, as GitHub Pages would: files of
the kinds Pages compresses go gzip to a browser that accepts it, so every byte counted
locally is a byte a visitor would download).

    python3 scripts/serve.py [--port 8000] [--base /gelateria/] [--root DIR]

--base serves the site under a sub-path, like https://<user>.github.io/<repo>/.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import threading
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".toml": "text/plain",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".json": "application/json",
}


# What GitHub Pages sends gzip (when the request accepts it): text, and wasm.
GZIPPED = {".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".webmanifest"}
_gzipped: dict[tuple, bytes] = {}  # (path, mtime, size) -> the file gzipped, made once
_gzipping = threading.Lock()


def gzip_body(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=6, mtime=0)


def sent_bytes(name: str, data: bytes) -> int:
    """How many bytes a browser downloads for the file `name` holding `data` (the
    build's manifest says it, for the loading screen's count)."""
    return len(gzip_body(data)) if os.path.splitext(name)[1] in GZIPPED else len(data)


def gzipped(path: str, stat: os.stat_result) -> bytes:
    key = (path, stat.st_mtime_ns, stat.st_size)
    with _gzipping:
        if key not in _gzipped:
            with open(path, "rb") as file:
                _gzipped[key] = gzip_body(file.read())
        return _gzipped[key]


class Handler(http.server.SimpleHTTPRequestHandler):
    base = "/"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def translate_path(self, path):
        if not path.startswith(self.base):
            return "/nonexistent"
        return super().translate_path("/" + path[len(self.base):])

    def send_head(self):
        if self.path.split("?")[0] == self.base.rstrip("/") and self.base != "/":
            self.send_response(301)
            self.send_header("Location", self.base)
            self.end_headers()
            return None
        return self.send_gzipped() or super().send_head()

    def send_gzipped(self):
        """The file gzipped, as Pages sends it (None: sent as it is, by send_head)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        accepted = self.headers.get("Accept-Encoding", "")
        if os.path.splitext(path)[1] not in GZIPPED or "gzip" not in accepted or not os.path.isfile(path):
            return None
        stat = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return io.BytesIO(b"")
            except (TypeError, ValueError, OverflowError):
                pass
        body = gzipped(path, stat)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self):
        # Like GitHub Pages: cacheable for a short while, revalidated after.
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("GELATERIA_SERVE_LOG"):
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that closes a page mid-download hangs up on us: normal, not news.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(port: int, base: str = "/", root: Path = ROOT) -> http.server.ThreadingHTTPServer:
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = type("SiteHandler", (Handler,), {"base": base})
    server = Server(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    return server


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--base", default="/")
    parser.add_argument("--root", default=str(ROOT))
    args = parser.parse_args()
    server = make_server(args.port, args.base, Path(args.root))
    host, port = server.server_address[:2]
    print(f"Gelateria is being served at http://{host}:{port}{'/' + args.base.strip('/') + '/' if args.base.strip('/') else '/'}  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
