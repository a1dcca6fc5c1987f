"""Serve the built site on 127.0.0.1 (a static server, as GitHub Pages would).

    python3 scripts/serve.py [--port 8000] [--base /gelateria/] [--root DIR]

--base serves the site under a sub-path, like https://<user>.github.io/<repo>/.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
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
        return super().send_head()

    def end_headers(self):
        # Like GitHub Pages: cacheable for a short while, revalidated after.
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("GELATERIA_SERVE_LOG"):
            super().log_message(fmt, *args)


def make_server(port: int, base: str = "/", root: Path = ROOT) -> http.server.ThreadingHTTPServer:
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = type("SiteHandler", (Handler,), {"base": base})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
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
