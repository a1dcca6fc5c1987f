"""scripts/serve.py serves the site as GitHub Pages does (issue 35): the kinds of file
Pages compresses go gzip to a browser that accepts it, and only to one that does; the
rest go as they are; a copy the browser holds is revalidated either way. The build's
manifest says each file's size as sent (the loading screen counts in it): what this
server sends."""

from __future__ import annotations

import gzip
import http.client
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from serve import make_server, sent_bytes  # noqa: E402

FILES = {"index.html": b"<!doctype html><title>box</title>" + b" " * 2000, "static/app.js": b"let x = 1;\n" * 500,
         "static/app.wasm": bytes(range(256)) * 40, "static/wheel.whl": b"PK" + b"\0" * 4000}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    for name, body in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(body)
    made = make_server(0, "/", root)
    threading.Thread(target=made.serve_forever, daemon=True).start()
    yield made.server_address[1]
    made.shutdown()
    made.server_close()


def get(port: int, path: str, **headers) -> tuple[int, dict, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    found = (response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
    connection.close()
    return found


@pytest.mark.parametrize("path, name", [("/", "index.html"), ("/static/app.js", "static/app.js"),
                                        ("/static/app.wasm", "static/app.wasm")])
def test_what_pages_compresses_goes_gzip_to_a_browser_that_accepts_it(server, path, name):
    status, headers, body = get(server, path, **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body) < len(FILES[name])
    assert gzip.decompress(body) == FILES[name]
    status, headers, body = get(server, path)  # (a client that asks for no encoding)
    assert status == 200 and "content-encoding" not in headers and body == FILES[name]


def test_a_wheel_goes_as_it_is_and_a_held_copy_is_revalidated(server):
    status, headers, body = get(server, "/static/wheel.whl", **{"Accept-Encoding": "gzip"})
    assert status == 200 and "content-encoding" not in headers and body == FILES["static/wheel.whl"]
    _status, headers, _body = get(server, "/static/app.js", **{"Accept-Encoding": "gzip"})
    status, _headers, body = get(server, "/static/app.js", **{"Accept-Encoding": "gzip",
                                                               "If-Modified-Since": headers["last-modified"]})
    assert status == 304 and body == b""


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_size_said_as_sent_is_what_a_browser_downloads(server, name):
    _status, headers, body = get(server, "/" + name.removesuffix("index.html"), **{"Accept-Encoding": "gzip"})
    assert sent_bytes(name, FILES[name]) == len(body) == int(headers["content-length"])
