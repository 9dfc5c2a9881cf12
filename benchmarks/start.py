"""How fast a language server starts: process start -> `initialize` answered, and the
first diagnostics of a file opened at once, side by side with ruff's server.

    python benchmarks/start.py [--sizes 1000,10000] [--runs 5] [--ours DIR ...] [--clean] [--json out.json]

The modules are `generate.py`'s, with a mistake here and there (a parser error among them
stops the import: the passes' and codegen's checks are not run); `--clean`: without mistakes.

Each run starts a fresh server over stdio (from a neutral directory) with a raw client
(no client library on the timed path) and measures, from the moment the process is
started:

- `initialize`: until its answer has arrived;
- for each size, in one more fresh process each: the editor's way, `initialized` and
  `didOpen` sent right after the answer, until the first `publishDiagnostics` of the
  file (start -> first diagnostics, and didOpen -> first diagnostics); then
  the same file opened again under another name once the server answered a request (it
  has loaded): didOpen -> first diagnostics of a server that is ready.

pto-lsp keeps the answer to `initialize` between starts (`pto_lsp/server/initialize_cache.py`):
its first run here starts with none kept (in a fresh directory) and is shown on its own
row; the other runs find it. `--ours DIR` runs another checkout (say a `git worktree`
of an older commit) beside this one. Each checkout is byte-compiled first, as `pip
install` does (this machine sets PYTHONDONTWRITEBYTECODE=1). The table gives medians.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from generate import generate_module  # noqa: E402

TIMEOUT = 120.0


class Client:
    """A server over pipes; every message from it timestamped as its last byte is read."""

    def __init__(self, argv: list[str], env: dict[str, str] | None, cwd: str) -> None:
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            argv, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.messages: list[tuple[float, dict[str, Any]]] = []
        self._arrived = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        self._ids = iter(range(1, 1 << 30))

    def send(self, message: dict[str, Any]) -> float:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.process.stdin.flush()
        return time.perf_counter()

    def request(self, method: str, params: Any) -> int:
        msg_id = next(self._ids)
        self.send({"id": msg_id, "method": method, "params": params})
        return msg_id

    def wait(self, found: Any) -> float:
        """When the first message `found(message)` says yes to arrived."""
        deadline = time.monotonic() + TIMEOUT
        with self._arrived:
            while True:
                for at, message in self.messages:
                    if found(message):
                        return at
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise TimeoutError("the server did not answer")
                self._arrived.wait(0.5)

    def answer(self, msg_id: int) -> float:
        return self.wait(lambda m: m.get("id") == msg_id and "method" not in m)

    def diagnostics(self, uri: str) -> float:
        return self.wait(
            lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
        )

    def close(self) -> None:
        try:
            self.answer(self.request("shutdown", None))
            self.send({"method": "exit"})
            self.process.wait(10)
        except Exception:
            self.process.kill()
            self.process.wait()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            body = stream.read(length or 0)
            at = time.perf_counter()
            with self._arrived:
                self.messages.append((at, json.loads(body)))
                self._arrived.notify_all()


INITIALIZE = {
    "processId": None,
    "rootUri": None,
    "capabilities": {
        "general": {"positionEncodings": ["utf-16"]},
        "textDocument": {"publishDiagnostics": {"versionSupport": True}},
    },
}


def start(server: Server, scratch: str) -> tuple[Client, float]:
    client = Client(server.argv, server.env, scratch)
    answered = client.answer(
        client.request("initialize", {**INITIALIZE, "initializationOptions": server.options})
    )
    return client, answered - client.started


def open_file(client: Client, path: Path, text: str) -> float:
    client.send(
        {
            "method": "textDocument/didOpen",
            "params": {
                "textDocument": {"uri": path.as_uri(), "languageId": "python", "version": 1, "text": text}
            },
        }
    )
    return time.perf_counter()


@dataclass
class Server:
    name: str
    argv: list[str]
    env: dict[str, str] | None = None
    options: dict[str, Any] | None = None
    initialize: list[float] = field(default_factory=list)  # seconds, runs after the first
    first_initialize: float | None = None  # the first run's (pto-lsp: no answer kept yet)
    # size -> seconds: start -> first diagnostics, didOpen -> first diagnostics (opened at once),
    # didOpen -> first diagnostics (opened once the server is ready)
    at_once: dict[int, list[tuple[float, float]]] = field(default_factory=dict)
    ready: dict[int, list[float]] = field(default_factory=dict)


def run(server: Server, files: dict[int, tuple[tuple[Path, str], ...]], index: int, scratch: str) -> None:
    """One run of one server: a start, then a start per size."""
    client, took = start(server, scratch)
    client.close()
    if index == 0:
        server.first_initialize = took
    else:
        server.initialize.append(took)
    for size, ((path, text), (other, other_text)) in files.items():
        client, _ = start(server, scratch)
        client.send({"method": "initialized", "params": {}})
        opened = open_file(client, path, text)
        first = client.diagnostics(path.as_uri())
        server.at_once.setdefault(size, []).append((first - client.started, first - opened))
        # Ready once it answers a request (a server may publish before it has loaded: pto-lsp
        # does, see `pto_lsp/server/early_open.py`): another module of the same size, timed alone.
        client.answer(client.request("textDocument/documentSymbol", {"textDocument": {"uri": path.as_uri()}}))
        opened = open_file(client, other, other_text)
        server.ready.setdefault(size, []).append(client.diagnostics(other.as_uri()) - opened)
        client.close()


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


def table(servers: list[Server], sizes: list[int]) -> str:
    head = ["server", "start -> initialize answered (first run)"]
    for size in sizes:
        k = f"{size // 1000}k"
        head += [f"{k}: start -> first diagnostics", f"{k}: didOpen -> first diagnostics (at once / ready)"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for server in servers:
        initialize = f"{ms(statistics.median(server.initialize))}" if server.initialize else "—"
        if server.first_initialize is not None:
            initialize += f" ({ms(server.first_initialize)})"
        cells = [server.name, initialize]
        for size in sizes:
            at_once = server.at_once.get(size, [])
            cells.append(ms(statistics.median(t for t, _ in at_once)) if at_once else "—")
            opened = ms(statistics.median(o for _, o in at_once)) if at_once else "—"
            ready = ms(statistics.median(server.ready[size])) if server.ready.get(size) else "—"
            cells.append(f"{opened} / {ready}")
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--runs", type=int, default=5, help="starts per server (and per size)")
    parser.add_argument("--ours", action="append", default=[], metavar="DIR", help="another checkout")
    parser.add_argument("--no-ruff", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--clean",
        action="store_true",
        help="modules without mistakes: nothing stops the import, every pass and codegen check runs",
    )
    parser.add_argument("--json", metavar="FILE")
    arguments = parser.parse_args()
    sizes = [int(size) for size in arguments.sizes.split(",")]

    with tempfile.TemporaryDirectory() as scratch:
        servers = []
        for label, directory in [
            ("pto-lsp", ROOT),
            *((f"pto-lsp@{Path(d).name}", Path(d)) for d in arguments.ours),
        ]:
            for package in ("compiler", "pto_lsp"):
                compileall.compile_dir(directory / package, quiet=1)
            env = dict(
                os.environ,
                PYTHONPATH=str(directory.resolve()),
                PTO_LSP_CACHE_DIR=str(Path(scratch, f"cache-{len(servers)}")),  # none kept at first
            )
            servers.append(
                Server(label, [sys.executable, "-m", "pto_lsp", "serve"], env, {"ptoLsp": {"debounceMs": 0}})
            )
        ruff = shutil.which(
            "ruff", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
        )
        if ruff and not arguments.no_ruff:
            servers.append(Server("ruff server", [ruff, "server"]))
        files = {}
        for size in sizes:
            # Two modules of each size: the second one is opened once the server is ready
            # (a text it has not seen: nothing of the first is reused).
            mistakes = not arguments.clean
            texts = (
                generate_module(size, arguments.seed, mistakes),
                generate_module(size, arguments.seed + 1, mistakes),
            )
            files[size] = tuple(
                (Path(scratch, f"kernels_{size}_{n}.py"), text) for n, text in enumerate(texts)
            )
        # Run by run, each server in turn: a busy moment of the machine falls on all of them.
        for index in range(arguments.runs):
            for server in servers:
                print(f"run {index + 1}: {server.name} ...", file=sys.stderr)
                run(server, files, index, scratch)
    print(table(servers, sizes))
    if arguments.json:
        Path(arguments.json).write_text(
            json.dumps([server.__dict__ for server in servers], default=str, indent=1)
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
