"""The server's side of running the author's own PyPTO: one long-lived worker process
(`pypto_worker.py`, run by the author's interpreter) that keeps pypto imported, asked to
check one file at a time. pypto is never imported here.

A check ends with the worker's record, or with why it has none: the time limit, the memory
cap, a crash, a cancel (a newer save), or pypto missing. A worker that stops answering is
killed and started again for the next check; nothing of it reaches the caller as an exception.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

WORKER = Path(__file__).with_name("pypto_worker.py")
DEFAULT_TIMEOUT_S = 60.0
DEFAULT_MEMORY_MB = 4096
# The worker's own import of pypto (~1.7 s) must end within this, or pypto counts as missing.
START_TIMEOUT_S = 60.0
# Past its time limit, a check's answer is awaited this much longer before the worker is
# killed (the worker kills the check itself; this is for a worker that hangs).
_GRACE_S = 5.0
_LINE_LIMIT = 256 << 20  # a record (stderr, hints) is read up to this many bytes


class PyptoUnavailable(Exception):
    """The interpreter cannot import pypto.language (or cannot be run): why, in words."""


@dataclass(frozen=True)
class RealCheck:
    """One check of one file: the worker's record, or the failure that left none."""

    path: str
    pypto_version: str
    seconds: float
    record: dict[str, Any] | None
    failure: str | None = None  # "timeout", "memory", "crash", "cancelled", "unavailable"
    detail: str = ""
    # The folder the compiler wrote in (its pass dumps, PTO modules), when kept: the caller's
    # to remove.
    output_dir: str | None = None

    def summary(self) -> str:
        if self.record is not None:
            return f"checked with pypto {self.pypto_version} in {self.seconds:.1f} s"
        reasons = {
            "timeout": "took longer than its time limit",
            "memory": "went over its memory cap",
            "crash": "crashed",
            "cancelled": "was cancelled by a newer save",
            "unavailable": "could not run",
        }
        detail = f" ({self.detail})" if self.detail else ""
        return f"the pypto check {reasons.get(self.failure or '', self.failure)}{detail}"


class RealCompiler:
    """The worker of one interpreter, started on the first check."""

    def __init__(
        self, python: str, timeout_s: float = DEFAULT_TIMEOUT_S, memory_mb: int = DEFAULT_MEMORY_MB
    ) -> None:
        self.python = python
        self.timeout_s = timeout_s
        self.memory_mb = memory_mb
        self.version = ""
        self._process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._next_id = 0
        self._starting: asyncio.Lock | None = None

    async def start(self) -> str:
        """Start the worker (once); the pypto version it imported. Raises `PyptoUnavailable`."""
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            if self._process is not None and self._process.returncode is None:
                return self.version
            try:
                process = await asyncio.create_subprocess_exec(
                    self.python,
                    str(WORKER),
                    stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.DEVNULL,
                    limit=_LINE_LIMIT,
                    start_new_session=True,  # the author's code never gets the server's signals
                )
            except OSError as error:
                raise PyptoUnavailable(f"cannot run {self.python}: {error.strerror or error}") from error
            assert process.stdout is not None
            try:
                first = await asyncio.wait_for(process.stdout.readline(), START_TIMEOUT_S)
                hello = (
                    json.loads(first) if first else {"error": f"{self.python} ended before importing pypto"}
                )
            except (asyncio.TimeoutError, ValueError):
                hello = {
                    "error": f"{self.python} did not import pypto.language within {START_TIMEOUT_S:.0f} s"
                }
            if "pypto" not in hello:
                _kill(process)
                raise PyptoUnavailable(str(hello.get("error", "pypto.language cannot be imported")))
            self._process, self.version = process, str(hello["pypto"])
            self._reader = asyncio.get_running_loop().create_task(self._read_answers(process))
            return self.version

    async def check(self, path: str, keep_output: bool = False) -> RealCheck:
        """Run the real compiler on the file at `path` as it is on disk. Cancelling the
        awaiting task cancels the check in the worker."""
        started = time.monotonic()
        try:
            version = await self.start()
        except PyptoUnavailable as error:
            return RealCheck(path, "", time.monotonic() - started, None, "unavailable", str(error))
        process = self._process
        assert process is not None and process.stdin is not None
        self._next_id += 1
        number = self._next_id
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._answers[number] = answer
        output_dir = tempfile.mkdtemp(prefix="pto-lsp-pypto-")
        request = {
            "id": number,
            "path": str(Path(path).resolve()),
            "output_dir": output_dir,
            "timeout": self.timeout_s,
            "memory_mb": self.memory_mb,
        }
        try:
            self._write(process, request)
            reply = await asyncio.wait_for(asyncio.shield(answer), self.timeout_s + _GRACE_S)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                self._write(process, {"cancel": number})
            raise
        except asyncio.TimeoutError:
            self._stop(process)  # the worker itself hangs: started again for the next check
            reply = {"failure": "timeout", "detail": f"{self.timeout_s:g} s"}
        except (ConnectionError, RuntimeError) as error:
            self._stop(process)
            reply = {"failure": "crash", "detail": f"the worker ended: {error}"}
        except BaseException:
            shutil.rmtree(output_dir, ignore_errors=True)
            raise
        finally:
            self._answers.pop(number, None)
        seconds = time.monotonic() - started
        if reply.get("failure") == "timeout" and not reply.get("detail"):
            reply["detail"] = f"{self.timeout_s:g} s"
        kept = keep_output and reply.get("record") is not None
        if not kept:
            shutil.rmtree(output_dir, ignore_errors=True)
        return RealCheck(
            path,
            version,
            seconds,
            reply.get("record"),
            reply.get("failure"),
            reply.get("detail", ""),
            output_dir if kept else None,
        )

    def _write(self, process: asyncio.subprocess.Process, message: dict[str, Any]) -> None:
        if process.stdin is None or process.returncode is not None:
            raise ConnectionError("the worker is not running")
        process.stdin.write((json.dumps(message) + "\n").encode())

    async def _read_answers(self, process: asyncio.subprocess.Process) -> None:
        """Hand each answer to the check awaiting it; when the worker ends, every check
        still awaiting says it crashed."""
        assert process.stdout is not None
        try:
            while line := await process.stdout.readline():
                with contextlib.suppress(ValueError):
                    reply = json.loads(line)
                    waiting = self._answers.get(reply.get("id"))
                    if waiting is not None and not waiting.done():
                        waiting.set_result(reply)
        except (ValueError, ConnectionError):  # a line past the limit, or the pipe broke
            pass
        status = await process.wait() if process.returncode is None else process.returncode
        for waiting in self._answers.values():
            if not waiting.done():
                waiting.set_result({"failure": "crash", "detail": f"the worker ended (status {status})"})
        if self._process is process:
            self._process = None

    def _stop(self, process: asyncio.subprocess.Process) -> None:
        _kill(process)
        if self._process is process:
            self._process = None

    async def close(self) -> None:
        process = self._process
        self._process = None
        if process is not None:
            _kill(process)
            with contextlib.suppress(Exception):
                await process.wait()
        if self._reader is not None:
            self._reader.cancel()


def _kill(process: asyncio.subprocess.Process) -> None:
    """End the worker and the check it runs (its process group)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        process.kill()


def default_python() -> str:
    """The interpreter when none is configured: the one that runs the server (in VS Code, the
    one selected for it: the Python extension's, or `ptoLsp.interpreter`)."""
    return sys.executable
