"""One long-lived `pith --serve` process (and so one headless Chromium) per Python process, fed through stdin/stdout."""

from __future__ import annotations

import atexit
import json
import os
import shlex
import subprocess
import threading
import uuid
from pathlib import Path
from typing import Any, Iterable

REPO = Path(__file__).resolve().parents[3]


def default_command() -> list[str]:
    """`PITH_COMMAND` (e.g. "npx pith") if set, else the repository's cli/pith.ts through tsx."""
    configured = os.environ.get("PITH_COMMAND")
    if configured:
        return shlex.split(configured)
    return ["node", "--import", "tsx", str(REPO / "cli" / "pith.ts")]


class PithError(RuntimeError):
    """The pith process stopped or answered out of turn."""


class PithProcess:
    """A `pith - --serve` child: requests are JSON lines in, results JSON lines out, in request order.

    A request is a page ({"html", "url"?, "id"?}) or a file ({"path": ...}); each call ends its requests with a
    {"flush": token} marker and reads results until pith answers {"end": token}.
    """

    def __init__(self, args: list[str], command: list[str] | None = None, cwd: Path = REPO):
        self.argv = [*(command or default_command()), "-", "--serve", "--no-progress", *args]
        self.cwd = cwd
        self.child: subprocess.Popen[str] | None = None
        self.lock = threading.Lock()

    def _started(self) -> subprocess.Popen[str]:
        if self.child is None or self.child.poll() is not None:
            self.child = subprocess.Popen(
                self.argv, cwd=self.cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1
            )
        return self.child

    def run(self, requests: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
        """Every result line for `requests`, in order (a page that failed is a line with "error")."""
        with self.lock:
            child = self._started()
            assert child.stdin is not None and child.stdout is not None
            token = uuid.uuid4().hex
            failure: list[BaseException] = []

            def feed() -> None:  # a writer thread, so a large partition cannot fill both pipes and stall
                try:
                    for request in requests:
                        child.stdin.write(json.dumps(request) + "\n")
                    child.stdin.write(json.dumps({"flush": token}) + "\n")
                    child.stdin.flush()
                except (BrokenPipeError, OSError) as error:
                    failure.append(error)

            writer = threading.Thread(target=feed, daemon=True)
            writer.start()
            results: list[dict[str, Any]] = []
            for line in child.stdout:
                value = json.loads(line)
                if value.get("end") == token:
                    break
                results.append(value)
            else:
                code = child.wait()
                self.child = None
                raise PithError(f"pith stopped (exit status {code}) before finishing the partition: {failure or 'see its stderr'}")
            writer.join()
            return results

    def close(self) -> None:
        child, self.child = self.child, None
        if child is not None and child.poll() is None:
            assert child.stdin is not None
            child.stdin.close()
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()


_processes: dict[tuple[str, ...], PithProcess] = {}
_processes_lock = threading.Lock()


def shared_process(args: list[str], command: list[str] | None = None) -> PithProcess:
    """The process for these options in this Python process (a Dask worker): started once, kept for the run."""
    key = (*(command or default_command()), *args)
    with _processes_lock:
        if key not in _processes:
            _processes[key] = PithProcess(args, command)
        return _processes[key]


@atexit.register
def _close_all() -> None:
    for process in list(_processes.values()):
        process.close()
