"""A raw LSP client for tests that a well-behaved client cannot express: framed JSON-RPC
written byte for byte to `python -m pto_lsp serve`, the answers read back in a thread.

Every wait has a timeout, so a server that stops answering fails the test instead of
hanging it; `close()` kills a server that is still running.
"""

from __future__ import annotations

import contextlib
import json
import queue
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
TIMEOUT = 30.0  # generous: a loaded 2-core CI machine starts Python slowly; a hang still fails


class ServerGone(AssertionError):
    """The server closed its stdout while we waited for an answer."""


class RawServer:
    """`python -m pto_lsp serve` over pipes; messages from it are collected in order."""

    def __init__(self, *args: str, env: dict[str, str] | None = None, tcp: bool = False) -> None:
        """`tcp`: the server listens on a free local port (`serve --tcp`) and the messages go
        over a socket connected to it; else over the server's stdin and stdout."""
        port = _free_port() if tcp else None
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "pto_lsp",
                "serve",
                *args,
                *(["--tcp", f"127.0.0.1:{port}"] if tcp else []),
            ],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        self._input: Any = self.process.stdin
        self._output: Any = self.process.stdout
        if port is not None:
            connection = _connect(port, self.process)
            self._input = self._output = connection.makefile("rwb")
        self.received: list[dict[str, Any]] = []  # every message, in order
        self._incoming: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self._stderr: list[bytes] = []
        self._threads = [
            threading.Thread(target=self._read_stdout, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for thread in self._threads:
            thread.start()
        self._ids = iter(range(1, 1 << 30))

    # ------------------------------------------------------------ writing

    def send_bytes(self, data: bytes) -> None:
        assert self._input is not None
        self._input.write(data)
        self._input.flush()

    def send(self, message: dict[str, Any] | bytes) -> None:
        """One frame: a message (as JSON) or a body given byte for byte."""
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.send_bytes(frame(body))

    def notify(self, method: str, params: Any = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def request(self, method: str, params: Any = None, id: int | str | None = None) -> int | str:
        """Send a request; its id (a new one unless given)."""
        id = next(self._ids) if id is None else id
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return id

    def call(self, method: str, params: Any = None, timeout: float = TIMEOUT) -> dict[str, Any]:
        """A request and its response (the whole message: `result` or `error`)."""
        return self.response(self.request(method, params), timeout)

    def initialize(self, capabilities: dict[str, Any] | None = None) -> dict[str, Any]:
        answer = self.call(
            "initialize",
            {
                "processId": None,
                "rootUri": None,
                "capabilities": capabilities or {},
                "initializationOptions": {"ptoLsp": {"debounceMs": 0}},
            },
        )
        self.notify("initialized", {})
        return answer

    def close_stdin(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()

    # ------------------------------------------------------------ reading

    def next_message(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        try:
            message = self._incoming.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"no message from the server in {timeout} s") from None
        if message is None:
            self._incoming.put(None)  # stays closed for the next reader
            raise ServerGone("the server closed its output")
        return message

    def response(self, id: int | str | None, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The response to request `id` (None: a response without an id, e.g. a parse error)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.next_message(max(deadline - time.monotonic(), 0.001))
            if "method" not in message and message.get("id") == id:
                return message

    def notification(self, method: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self.next_message(max(deadline - time.monotonic(), 0.001))
            if message.get("method") == method and "id" not in message:
                return message

    def quiet_for(self, seconds: float) -> list[dict[str, Any]]:
        """Whatever arrives in the next `seconds` (nothing: an empty list)."""
        found: list[dict[str, Any]] = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                found.append(self.next_message(left))
            except TimeoutError:
                break
        return found

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        """The server's exit status (it must exit within `timeout`)."""
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise TimeoutError(f"the server did not exit in {timeout} s") from None

    @property
    def stderr(self) -> str:
        """What the server wrote to stderr so far (complete once it exited)."""
        if self.process.poll() is not None:
            self._threads[1].join(5)
        return b"".join(self._stderr).decode("utf-8", "replace")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        for stream in (self._input, self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def __enter__(self) -> RawServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _read_stdout(self) -> None:
        stream = self._output
        assert stream is not None
        try:
            while True:
                length = None
                while True:  # headers, up to the empty line
                    line = stream.readline()
                    if not line:
                        return
                    if line in (b"\r\n", b"\n"):
                        break
                    name, _, value = line.decode("ascii").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                if length is None:
                    raise ValueError("a frame from the server without Content-Length")
                body = stream.read(length)
                if len(body) < length:
                    return
                message = json.loads(body)
                self.received.append(message)
                self._incoming.put(message)
        finally:
            self._incoming.put(None)

    def _read_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        for line in iter(stream.readline, b""):
            self._stderr.append(line)


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _connect(port: int, process: subprocess.Popen[bytes]) -> socket.socket:
    """A connection to the server's port, once it listens (it must within `TIMEOUT`)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        try:
            connection = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
        else:
            connection.settimeout(None)  # reads wait as long as the reader thread does
            return connection
