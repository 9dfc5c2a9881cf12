"""How long a kernel file full of `Content-Length:` lines takes to arrive (issue 31).

    python benchmarks/framing.py [--lines 10000,30000] [--transports stdio,tcp]
                                 [--server-dir DIR] [--timeout 120] [--json results.json]

A kernel module with N comment lines `# Content-Length: <n>` (the phrase a frame's header
starts with, inside the JSON string of a `didOpen`), and a control of the same number of
lines without the phrase. For each:

- in process: the message, framed as an editor frames it, fed in 64 KiB reads to the
  server's `FrameBuffer` (`pto_lsp/server/framing.py`) — first with its correct length,
  then with a `Content-Length: 20` (the rest of the body is then junk that the reader
  skips, `Content-Length` by `Content-Length`, to the frame after it);
- end to end: `pto-lsp serve` over each transport, from sending `didOpen` to the
  document's first `publishDiagnostics`.

`--server-dir DIR` runs the server (and imports the framing) of another checkout (say main
exported with `git archive`), to compare. A publication that does not come within
`--timeout` seconds is reported as such.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, BinaryIO

REPO = Path(__file__).resolve().parents[1]
HEADER = """\
import pypto.language as pl


@pl.function
def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    return x

"""


def kernel(lines: int, phrase: bool) -> str:
    comment = "# Content-Length: {}\n" if phrase else "# content_length {}\n"
    return HEADER + "".join(comment.format(n) for n in range(lines))


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def did_open(uri: str, text: str) -> bytes:
    document = {"uri": uri, "languageId": "python", "version": 1, "text": text}
    return json.dumps(
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}}
    ).encode()


# ---------------------------------------------------------------- in process


def frame_buffer_class(server_dir: Path) -> Any:
    """`FrameBuffer` of the checkout in `server_dir`, loaded from its file alone."""
    spec = importlib.util.spec_from_file_location(
        "framing_under_test", server_dir / "pto_lsp/server/framing.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.FrameBuffer


def feed_time(frame_buffer: Any, data: bytes, expected: int, timeout: float) -> float | None:
    """Seconds to read `data` in 64 KiB reads into `expected` bodies (None: past `timeout`)."""
    import logging

    logging.disable(logging.WARNING)  # the skipped junk is logged: not what is timed
    reader = frame_buffer()
    bodies = 0
    start = time.perf_counter()
    for offset in range(0, len(data), 1 << 16):
        bodies += len(list(reader.feed(data[offset : offset + (1 << 16)])))
        if time.perf_counter() - start > timeout:
            return None
    assert bodies == expected, (bodies, expected)
    return time.perf_counter() - start


# ---------------------------------------------------------------- end to end


class Server:
    """`python -m pto_lsp serve` over stdio or TCP, its messages read by a thread."""

    def __init__(self, server_dir: Path, transport: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(server_dir))
        args = [sys.executable, "-m", "pto_lsp", "serve"]
        port = None
        if transport == "tcp":
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            args += ["--tcp", f"127.0.0.1:{port}"]
        self.process = subprocess.Popen(
            args,
            cwd=server_dir,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.out: BinaryIO = self.process.stdin  # type: ignore[assignment]
        self.inp: BinaryIO = self.process.stdout  # type: ignore[assignment]
        if port is not None:
            deadline = time.monotonic() + 30
            while True:
                try:
                    connection = socket.create_connection(("127.0.0.1", port))
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
            self.out = self.inp = connection.makefile("rwb")
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def send(self, body: bytes) -> None:
        self.out.write(frame(body))
        self.out.flush()

    def wait_for(self, test: Any, timeout: float) -> dict[str, Any] | None:
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = self.messages.get(timeout=left)
            except queue.Empty:
                return None
            if test(message):
                return message
        return None

    def close(self) -> None:
        self.process.kill()
        self.process.wait()

    def _read(self) -> None:
        while True:
            length = 0
            while (line := self.inp.readline()) not in (b"\r\n", b"\n"):
                if not line:
                    return
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            self.messages.put(json.loads(self.inp.read(length)))


def publish_time(server_dir: Path, transport: str, text: str, timeout: float) -> float | None:
    """Seconds from sending `didOpen` of `text` to its diagnostics (None: past `timeout`)."""
    server = Server(server_dir, transport)
    try:
        initialize = {"processId": None, "rootUri": None, "capabilities": {}}
        server.send(
            json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize}).encode()
        )
        assert server.wait_for(lambda m: m.get("id") == 1, 60) is not None, "no answer to initialize"
        server.send(b'{"jsonrpc": "2.0", "method": "initialized", "params": {}}')
        uri = (REPO / "framing_benchmark.py").as_uri()
        # Answered once the server has loaded (over stdio `initialize` may be answered before).
        ready = {"textDocument": {"uri": uri}}
        server.send(
            json.dumps(
                {"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol", "params": ready}
            ).encode()
        )
        assert server.wait_for(lambda m: m.get("id") == 2, 60) is not None, "the server never loaded"
        body = did_open(uri, text)
        start = time.perf_counter()
        server.send(body)
        published = server.wait_for(
            lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri,
            timeout,
        )
        return None if published is None else time.perf_counter() - start
    finally:
        server.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", default="10000,30000")
    parser.add_argument("--transports", default="stdio,tcp")
    parser.add_argument("--server-dir", type=Path, default=REPO, help="run the server of this checkout")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--json", type=Path)
    arguments = parser.parse_args()
    server_dir = arguments.server_dir.resolve()
    frame_buffer = frame_buffer_class(server_dir)
    results = []

    def shown(seconds: float | None) -> str:
        return f">{arguments.timeout:.0f} s" if seconds is None else f"{seconds:.3f} s"

    for lines in (int(n) for n in arguments.lines.split(",")):
        for phrase in (True, False):
            text = kernel(lines, phrase)
            body = did_open("file:///k.py", text)
            after = frame(b'{"jsonrpc": "2.0", "method": "initialized", "params": {}}')
            row: dict[str, Any] = {
                "lines": lines,
                "bytes": len(body),
                "phrase": phrase,
                "feed": feed_time(frame_buffer, frame(body), 1, arguments.timeout),
                "feed_short_length": feed_time(
                    frame_buffer, b"Content-Length: 20\r\n\r\n" + body + after, 2, arguments.timeout
                ),
            }
            for transport in arguments.transports.split(","):
                row[transport] = publish_time(server_dir, transport, text, arguments.timeout)
            results.append(row)
            print(
                f"{lines:>6} lines {'with' if phrase else 'without':>7} the phrase ({len(body) / 1e6:.2f} MB): "
                + ", ".join(
                    f"{key} {shown(row[key])}" for key in row if key not in ("lines", "bytes", "phrase")
                ),
                flush=True,
            )
    if arguments.json:
        arguments.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
