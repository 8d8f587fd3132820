"""A LocalCluster of 2 workers over 2 WARC files of 50 pages each: every page back once, with the same text as one
`pith` process over the same files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pith_dask import default_command, extract_bag  # noqa: E402
from pith_dask.process import REPO  # noqa: E402
from warc_pages import write_warc  # noqa: E402

try:
    import dask.bag as db
    from distributed import Client, LocalCluster
except ImportError as error:  # the test must fail, not pass, without them
    MISSING = f"{error} (install them: apt-get install -y python3-distributed python3-dask)"
else:
    MISSING = ""

PAGES_PER_FILE = 50
TIMEOUT_S = 120


@pytest.fixture(scope="module")
def warcs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("warcs")
    return [write_warc(folder / f"part-{i}.warc.gz", i, PAGES_PER_FILE) for i in range(2)]


def single_process(warcs: list[Path], out: Path) -> list[dict]:
    run = subprocess.run(
        [*default_command(), *map(str, warcs), "-o", str(out), "--concurrency", "2", "--no-progress", "--timeout", str(TIMEOUT_S)],
        cwd=REPO, capture_output=True, text=True, timeout=3600,
    )
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_local_cluster_gives_every_page_once_with_the_single_process_text(warcs: list[Path], tmp_path: Path) -> None:
    if MISSING:
        pytest.fail(f"Dask is not installed: {MISSING}")
    expected = single_process(warcs, tmp_path / "single.jsonl")
    assert len(expected) == 2 * PAGES_PER_FILE
    assert all("error" not in line for line in expected), [line for line in expected if "error" in line][:3]

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        bag = db.from_sequence([str(w) for w in warcs], npartitions=2)
        results = extract_bag(bag, format="text", concurrency=2, timeout=TIMEOUT_S).compute()
        workers = client.run(lambda: __import__("os").getpid())
    assert len(workers) == 2

    ids = [line["id"] for line in results]
    assert len(ids) == len(set(ids)) == 2 * PAGES_PER_FILE, "every page exactly once"
    by_id = {line["id"]: line for line in results}
    assert set(by_id) == {line["id"] for line in expected}
    for line in expected:
        assert by_id[line["id"]].get("error") is None, by_id[line["id"]]
        assert by_id[line["id"]]["text"] == line["text"], line["url"]
        assert by_id[line["id"]]["url"] == line["url"]
    assert "Dispatch 1-49, part 4" in by_id[expected[-1]["id"]]["text"]
