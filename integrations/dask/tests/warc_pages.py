"""Writes small gzipped WARC files of synthetic article pages (one gzip member per record) for the tests."""

from __future__ import annotations

import gzip
import uuid
from pathlib import Path

WORDS = "lantern orchard harbour meadow quarry bakery library tramway glacier vineyard market cannery".split()


def page(file_index: int, n: int) -> bytes:
    word = lambda i: WORDS[(file_index * 5 + n * 7 + i) % len(WORDS)]  # noqa: E731
    paragraphs = "\n".join(
        f"<p>Dispatch {file_index}-{n}, part {p + 1}: the {word(p)} by the {word(p + 1)} drew a crowd all week, "
        f"and the {word(p + 2)} stayed open late for the visitors who came from the valley.</p>"
        for p in range(4)
    )
    return (
        f"<!doctype html><html lang=\"en\"><head><title>Dispatch {file_index}-{n}</title></head><body>"
        f"<nav><a href=\"/\">Home</a> <a href=\"/subscribe\">Subscribe today</a></nav>"
        f"<main><article><h1>Dispatch {file_index}-{n} from the {word(0)}</h1>\n{paragraphs}</article></main>"
        f"<footer>© Valley Post · <a href=\"/privacy\">Privacy</a></footer></body></html>"
    ).encode("utf-8")


def record(url: str, html: bytes) -> bytes:
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n" % len(html) + html
    head = (
        "WARC/1.1\r\nWARC-Type: response\r\n"
        f"WARC-Record-ID: <urn:uuid:{uuid.uuid4()}>\r\nWARC-Target-URI: {url}\r\nWARC-Date: 2026-11-28T00:00:00Z\r\n"
        f"Content-Type: application/http; msgtype=response\r\nContent-Length: {len(http)}\r\n\r\n"
    )
    return gzip.compress(head.encode("utf-8") + http + b"\r\n\r\n")


def write_warc(path: Path, file_index: int, pages: int) -> Path:
    with open(path, "wb") as out:
        for n in range(pages):
            out.write(record(f"https://valley.example/{file_index}/{n}", page(file_index, n)))
    return path
