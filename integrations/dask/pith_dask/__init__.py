"""Pith for Dask: map a bag of WARC/JSON-lines/HTML files, or of page records, through the `pith` command.

    import dask.bag as db
    from pith_dask import extract_bag

    files = db.from_sequence(["crawl-00.warc.gz", "crawl-01.warc.gz"], npartitions=2)
    pages = extract_bag(files, format="text", concurrency=2)   # a bag of {"id", "url", "title", "lang", "text", "ms"}

Each worker keeps one `pith --serve` process (one headless Chromium) for the whole run; a partition's files or
records go to it through standard input and its result lines come back through standard output, in order.
"""

from __future__ import annotations

from typing import Any, Iterable

from .process import PithError, PithProcess, default_command, shared_process

__all__ = ["extract_bag", "extract_partition", "pith_args", "PithError", "PithProcess", "default_command"]


def pith_args(format: str = "text", concurrency: int = 2, timeout: float = 30, extra: Iterable[str] = ()) -> list[str]:
    return ["--format", format, "--concurrency", str(concurrency), "--timeout", str(timeout), *extra]


def _request(item: Any) -> dict[str, Any]:
    if isinstance(item, (str, bytes)) or hasattr(item, "__fspath__"):
        return {"path": str(item if not isinstance(item, bytes) else item.decode())}
    if isinstance(item, dict) and isinstance(item.get("html"), str):
        return {key: item[key] for key in ("id", "url", "html") if key in item}
    raise TypeError(f"a pith partition holds file paths or {{'html': ...}} records, not {type(item).__name__}")


def extract_partition(items: Iterable[Any], args: list[str], command: list[str] | None = None) -> list[dict[str, Any]]:
    """The result lines for one partition (paths and/or records), from this process's long-lived pith."""
    return shared_process(args, command).run(_request(item) for item in items)


def extract_bag(bag: Any, format: str = "text", concurrency: int = 2, timeout: float = 30, extra: Iterable[str] = (), command: list[str] | None = None) -> Any:
    """A bag of result records: every page of every file (or every record) in `bag`, each exactly once."""
    args = pith_args(format, concurrency, timeout, extra)
    return bag.map_partitions(extract_partition, args, command)
