"""Keystroke latency of `pto-lsp serve` against basedpyright and ruff's server, side by side.

    python benchmarks/run.py [--sizes 1000,5000,10000] [--servers ours,basedpyright,ruff]
                             [--rounds 2] [--json results.json]

`ours@DIR` runs the server of another checkout (say a `git worktree` of an older
commit) from its own sources, beside this one, to compare two versions in one run.

For each file size a kernel module is generated (`generate.py`); each server is
started over stdio by a real LSP client (pytest-lsp's `LanguageClient`), opens
the file, and the scripted session (`session.py`) is replayed one edit at a
time. An edit's latency is the time from sending its `didChange` to receiving
the server's `publishDiagnostics` for that version (for a server that does not
say which version: the first one after the change). The arrival is timestamped
as the message's last byte is read, before the client decodes it, so every
server is timed the same way and the client's own JSON work is not counted.
Our server runs with `debounceMs: 0`. Also measured: the time from `didOpen`
to the first diagnostics (cold open), the server's peak RSS (its process tree),
and, in this process, a tree-sitter parse of the whole file (full, and
incremental over the same edits; with the `bench` extra installed) and an
`ast.parse` of the whole file.

basedpyright's language server is `$BASEDPYRIGHT`, else the one in
`benchmarks/.venv`, else the one on PATH (`python -m venv benchmarks/.venv && benchmarks/.venv/bin/pip install
basedpyright`); ruff is the one next to this Python or on PATH.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate_module  # noqa: E402
from lsprotocol import types as lsp  # noqa: E402
from pygls.io_ import run_async  # noqa: E402
from pygls.protocol import default_converter  # noqa: E402
from pytest_lsp import LanguageClient  # noqa: E402
from pytest_lsp.client import register_lsp_features  # noqa: E402
from session import Edit, apply, session  # noqa: E402

TIMEOUT = 300.0  # seconds to wait for one publication (basedpyright on 10k lines takes seconds)


# ---------------------------------------------------------------- the client


@dataclass(frozen=True)
class Arrival:
    at: float
    uri: str
    version: int | None
    count: int


class _TimedReader:
    """The server's stdout, noting when each publishDiagnostics, and each response, has fully arrived."""

    def __init__(self, reader: asyncio.StreamReader, arrived: Callable[[float, bytes], None]) -> None:
        self._reader = reader
        self._arrived = arrived

    async def readline(self) -> bytes:
        return await self._reader.readline()

    async def readexactly(self, count: int) -> bytes:
        body = await self._reader.readexactly(count)
        now = time.perf_counter()
        self._arrived(now, body)
        return body


class TimedClient(LanguageClient):
    def __init__(self) -> None:
        super().__init__(converter_factory=default_converter)
        register_lsp_features(self)
        self.arrivals: list[Arrival] = []
        self.response_at = 0.0
        self._event: asyncio.Event | None = None
        # Keep `initialize`'s result a plain dict: lsprotocol cannot read every server's
        # capabilities (ruff's notebook selector), and the benchmark needs none of them.
        result_type = self.protocol.get_result_type
        self.protocol.get_result_type = lambda method: None if method == "initialize" else result_type(method)  # type: ignore[method-assign]

    async def start_io(self, cmd: str, *args: str, **kwargs: Any) -> None:
        self._event = asyncio.Event()
        server = await asyncio.create_subprocess_exec(
            cmd,
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            limit=1 << 24,
            **kwargs,
        )
        assert server.stdin is not None and server.stdout is not None
        self.protocol.set_writer(server.stdin)
        connection = asyncio.create_task(
            run_async(
                stop_event=self._stop_event,
                reader=_TimedReader(server.stdout, self._arrival),  # type: ignore[arg-type]
                protocol=self.protocol,
                error_handler=self.report_server_error,
            )
        )
        notify_exit = asyncio.create_task(self._server_exit())
        self._server = server
        self._async_tasks.extend([connection, notify_exit])

    def _arrival(self, at: float, body: bytes) -> None:
        message = json.loads(body)
        if "id" in message and "method" not in message:
            self.response_at = at  # requests are sent one at a time: the answer to the last one
            return
        if message.get("method") != "textDocument/publishDiagnostics":
            return
        params = message["params"]
        self.arrivals.append(Arrival(at, params["uri"], params.get("version"), len(params["diagnostics"])))
        assert self._event is not None
        self._event.set()

    async def publication(self, uri: str, version: int, after: float) -> Arrival:
        """The first publication for `uri` of `version` (or of no stated version, after `after`)."""
        assert self._event is not None
        seen = 0
        deadline = time.perf_counter() + TIMEOUT
        while True:
            for arrival in self.arrivals[seen:]:
                if arrival.uri != uri:
                    continue
                if arrival.version == version or (arrival.version is None and arrival.at > after):
                    return arrival
            seen = len(self.arrivals)
            self._event.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"no diagnostics for version {version} of {uri}")
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._event.wait(), remaining)

    @property
    def pid(self) -> int:
        assert self._server is not None
        return self._server.pid


CAPABILITIES = lsp.ClientCapabilities(
    general=lsp.GeneralClientCapabilities(position_encodings=[lsp.PositionEncodingKind.Utf16]),
    workspace=lsp.WorkspaceClientCapabilities(configuration=True, workspace_folders=True),
    text_document=lsp.TextDocumentClientCapabilities(
        synchronization=lsp.TextDocumentSyncClientCapabilities(did_save=True),
        # Push diagnostics only (no pull capability): each server publishes after each change.
        publish_diagnostics=lsp.PublishDiagnosticsClientCapabilities(
            version_support=True, related_information=True, code_description_support=True, data_support=True
        ),
    ),
    window=lsp.WindowClientCapabilities(work_done_progress=True),
)


# ---------------------------------------------------------------- servers


@dataclass(frozen=True)
class Server:
    name: str
    command: list[str]
    options: dict[str, Any] | None = None  # initializationOptions
    configuration: dict[str, Any] = field(default_factory=dict)  # workspace/configuration sections
    requests: bool = False  # also time the requests an editor sends after each edit
    env: dict[str, str] | None = None  # the server's environment, when not this process's


def servers(wanted: list[str]) -> list[Server]:
    found = []
    for name in wanted:
        if name == "ours" or name.startswith("ours@"):
            # `ours@DIR`: the server of another checkout (e.g. a `git worktree` of an older
            # commit), run from its own sources, to compare two versions in one run.
            other = Path(name.partition("@")[2]).resolve() if "@" in name else None
            settings = {"debounceMs": 0}
            found.append(
                Server(
                    f"pto-lsp@{other.name}" if other else "pto-lsp",
                    [sys.executable, "-m", "pto_lsp", "serve"],
                    {"ptoLsp": settings},
                    {"ptoLsp": settings},
                    requests=True,
                    env={**os.environ, "PYTHONPATH": str(other)} if other else None,
                )
            )
        elif name == "basedpyright":
            command = _basedpyright()
            if command is None:
                print("basedpyright not found (see --help): skipped", file=sys.stderr)
                continue
            found.append(Server("basedpyright", [command, "--stdio"]))
        elif name == "ruff":
            ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
            if ruff is None:
                print("ruff not found: skipped", file=sys.stderr)
                continue
            found.append(Server("ruff server", [ruff, "server"]))
        else:
            raise SystemExit(f"unknown server {name!r}")
    return found


def _basedpyright() -> str | None:
    candidates = [HERE / ".venv" / "bin" / "basedpyright-langserver"]
    if os.environ.get("BASEDPYRIGHT"):
        candidates.insert(0, Path(os.environ["BASEDPYRIGHT"]))
    for candidate in candidates:
        if candidate.exists():
            return str(candidate)
    return shutil.which("basedpyright-langserver")


# ---------------------------------------------------------------- one run


@dataclass
class Run:
    server: str
    lines: int
    cold_open: float = 0.0
    latencies: list[tuple[str, float]] = field(default_factory=list)  # (edit kind, seconds)
    peak_rss: int = 0  # bytes
    diagnostics: int = 0  # published after the open
    requests: dict[str, list[float]] = field(default_factory=dict)  # request -> seconds, one per edit


async def run_session(server: Server, path: Path, text: str, rounds: int) -> Run:
    client = TimedClient()
    for section, value in server.configuration.items():
        client.set_configuration(value, section=section)
    await client.start_io(*server.command, cwd=str(path.parent), env=server.env)
    folder = path.parent.as_uri()
    await client.initialize_session(
        lsp.InitializeParams(
            capabilities=CAPABILITIES,
            root_uri=folder,
            workspace_folders=[lsp.WorkspaceFolder(uri=folder, name="bench")],
            initialization_options=server.options,
        )
    )
    # A server may answer `initialize` before it has loaded (pto-lsp does, from the answer
    # a previous start kept): a first request's answer says it has.
    with contextlib.suppress(Exception):
        await client.text_document_document_symbol_async(
            lsp.DocumentSymbolParams(
                text_document=lsp.TextDocumentIdentifier(uri=(path.parent / "none.py").as_uri())
            )
        )
    await asyncio.sleep(0.5)  # let the server finish its start-up requests (configuration, registrations)
    uri = path.as_uri()
    result = Run(server.name, text.count("\n") + 1)
    started = time.perf_counter()
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
        )
    )
    arrival = await client.publication(uri, 1, started)
    result.cold_open = arrival.at - started
    result.diagnostics = arrival.count
    lines = text.split("\n")
    version = 1
    for _ in range(rounds):
        for step in session(lines):
            edit = step(lines)
            lines = apply(lines, edit)
            version += 1
            sent = time.perf_counter()
            client.text_document_did_change(
                lsp.DidChangeTextDocumentParams(
                    text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
                    content_changes=[_change(edit)],
                )
            )
            arrival = await client.publication(uri, version, sent)
            result.latencies.append((edit.kind, arrival.at - sent))
            if server.requests:
                for name, request in editor_requests(client, uri, edit.start[0]):
                    asked = time.perf_counter()
                    await request
                    result.requests.setdefault(name, []).append(client.response_at - asked)
    result.peak_rss = peak_rss(client.pid)
    await client.shutdown_session()
    await client.stop()
    return result


def editor_requests(client: TimedClient, uri: str, line: int) -> list[tuple[str, Any]]:
    """What VS Code asks after an edit at `line`: hints for the lines on screen, code actions
    at the cursor, a hover there, and the outline (each awaited in turn)."""
    document = lsp.TextDocumentIdentifier(uri=uri)
    cursor = lsp.Position(line, 12)
    screen = lsp.Range(start=lsp.Position(max(line - 30, 0), 0), end=lsp.Position(line + 30, 0))
    here = lsp.Range(start=cursor, end=cursor)
    return [
        (
            "inlay hints (60 lines)",
            client.text_document_inlay_hint_async(lsp.InlayHintParams(document, screen)),
        ),
        (
            "code actions",
            client.text_document_code_action_async(
                lsp.CodeActionParams(document, here, lsp.CodeActionContext(diagnostics=[]))
            ),
        ),
        ("hover", client.text_document_hover_async(lsp.HoverParams(document, cursor))),
        ("document symbols", client.text_document_document_symbol_async(lsp.DocumentSymbolParams(document))),
    ]


def _change(edit: Edit) -> lsp.TextDocumentContentChangePartial:
    return lsp.TextDocumentContentChangePartial(
        range=lsp.Range(start=lsp.Position(*edit.start), end=lsp.Position(*edit.end)), text=edit.text
    )


def peak_rss(pid: int) -> int:
    """The peak resident set of a process and its descendants (sum of each one's peak)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        todo.extend(children.get(current, []))
        try:
            for line in Path(f"/proc/{current}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


# ---------------------------------------------------------------- in-process baselines


def baselines(text: str, rounds: int) -> dict[str, Any]:
    whole_ast = _median_time(lambda: ast.parse(text), 3)
    try:  # not a dependency of pto-lsp: `pip install -e '.[bench]'` for these rows
        import tree_sitter
        import tree_sitter_python
    except ImportError:
        return {"ast.parse": whole_ast}
    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_python.language()))
    source = text.encode("utf-8")
    full = _median_time(lambda: parser.parse(source), 5)
    # tree-sitter's incremental re-parse over the same edits (what the server used to do).
    tree = parser.parse(source)
    lines = text.split("\n")
    incremental: list[float] = []
    for _ in range(rounds):
        for step in session(lines):
            edit = step(lines)
            start_byte, old_end_byte = _byte(lines, edit.start), _byte(lines, edit.end)
            start_point = (edit.start[0], edit.start[1])
            old_end_point = (edit.end[0], edit.end[1])
            lines = apply(lines, edit)
            new_lines = edit.text.split("\n")
            if len(new_lines) == 1:
                new_end_point = (edit.start[0], edit.start[1] + len(edit.text))
            else:
                new_end_point = (edit.start[0] + len(new_lines) - 1, len(new_lines[-1]))
            new_source = "\n".join(lines).encode("utf-8")
            tree.edit(
                start_byte=start_byte,
                old_end_byte=old_end_byte,
                new_end_byte=start_byte + len(edit.text.encode("utf-8")),
                start_point=start_point,
                old_end_point=old_end_point,
                new_end_point=new_end_point,
            )
            began = time.perf_counter()
            tree = parser.parse(new_source, tree)
            incremental.append(time.perf_counter() - began)
    return {"tree-sitter full parse": full, "ast.parse": whole_ast, "tree-sitter incremental": incremental}


def _byte(lines: list[str], position: tuple[int, int]) -> int:
    line, column = position
    return sum(len(text) + 1 for text in lines[:line]) + column  # ASCII text


def _median_time(action: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        action()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


# ---------------------------------------------------------------- report


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    position = fraction * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def ms(seconds: float) -> str:
    if seconds != seconds:
        return "–"
    return f"{seconds * 1000:.1f}" if seconds < 10 else f"{seconds * 1000:.0f}"


def report(runs: list[Run], base: dict[int, dict[str, Any]], sizes: list[int]) -> str:
    out = []
    head = "| | " + " | ".join(f"{size // 1000}k p50 | {size // 1000}k p95" for size in sizes)
    head += f" | {sizes[-1] // 1000}k/{sizes[0] // 1000}k p50 | cold open " + " / ".join(
        f"{s // 1000}k" for s in sizes
    )
    head += f" | peak RSS {sizes[-1] // 1000}k |"
    out.append("Per keystroke, milliseconds (didChange -> its publishDiagnostics):\n")
    out.append(head)
    out.append("|" + "---|" * (2 * len(sizes) + 4))
    names = list(dict.fromkeys(run.server for run in runs))
    by = {(run.server, run.lines): run for run in runs}
    actual = {
        size: next((run.lines for run in runs if abs(run.lines - size) <= size * 0.02 + 30), size)
        for size in sizes
    }
    for name in names:
        row = [name]
        p50s = []
        for size in sizes:
            run = by.get((name, actual[size]))
            values = [latency for _, latency in run.latencies] if run else []
            p50s.append(percentile(values, 0.5))
            row += [ms(percentile(values, 0.5)), ms(percentile(values, 0.95))]
        ratio = p50s[-1] / p50s[0] if p50s[0] else float("nan")
        row.append(f"{ratio:.2f}")
        row.append(
            " / ".join(ms(by[(name, actual[s])].cold_open) if (name, actual[s]) in by else "–" for s in sizes)
        )
        last = by.get((name, actual[sizes[-1]]))
        row.append(f"{last.peak_rss / 2**20:.0f} MB" if last else "–")
        out.append("| " + " | ".join(row) + " |")
    measured = [
        label
        for label in ("tree-sitter incremental", "tree-sitter full parse", "ast.parse")
        if label in base[sizes[0]]
    ]
    for label in measured:
        row = [f"{label} (in-process)"]
        p50s = []
        for size in sizes:
            value = base[size][label]
            if isinstance(value, list):
                p50s.append(percentile(value, 0.5))
                row += [ms(percentile(value, 0.5)), ms(percentile(value, 0.95))]
            else:
                p50s.append(value)
                row += [ms(value), ""]
        row.append(f"{p50s[-1] / p50s[0]:.2f}")
        row += ["", ""]
        out.append("| " + " | ".join(row) + " |")
    ours = "pto-lsp"
    if ours in names:
        out.append("\nOur time as a ratio to theirs (p50 / p95; below 1: we are faster):\n")
        out.append("| ours ÷ | " + " | ".join(f"{size // 1000}k" for size in sizes) + " |")
        out.append("|" + "---|" * (len(sizes) + 1))
        for name in [
            *(n for n in names if n != ours),
            *(m for m in measured if m != "tree-sitter incremental"),
        ]:
            row = [name]
            for size in sizes:
                mine = by.get((ours, actual[size]))
                if mine is None:
                    row.append("–")
                    continue
                mine_values = [latency for _, latency in mine.latencies]
                if name in base[size]:
                    theirs = base[size][name]
                    row.append(f"{percentile(mine_values, 0.5) / theirs:.3f}")
                    continue
                other = by.get((name, actual[size]))
                if other is None:
                    row.append("–")
                    continue
                values = [latency for _, latency in other.latencies]
                row.append(
                    f"{percentile(mine_values, 0.5) / percentile(values, 0.5):.3f} / "
                    f"{percentile(mine_values, 0.95) / percentile(values, 0.95):.3f}"
                )
            out.append("| " + " | ".join(row) + " |")
        out.append("\nOurs by kind of edit (p50 / max, ms):\n")
        kinds = list(dict.fromkeys(kind for run in runs if run.server == ours for kind, _ in run.latencies))
        out.append("| edit | " + " | ".join(f"{size // 1000}k" for size in sizes) + " |")
        out.append("|" + "---|" * (len(sizes) + 1))
        for kind in kinds:
            row = [f"{kind}"]
            for size in sizes:
                mine = by.get((ours, actual[size]))
                values = [latency for k, latency in mine.latencies if k == kind] if mine else []
                row.append(f"{ms(percentile(values, 0.5))} / {ms(max(values))}" if values else "–")
            out.append("| " + " | ".join(row) + " |")
        out.append(_requests(by, actual, sizes))
        out.append(_targets(by, actual, sizes))
    if runs:
        counts = ", ".join(
            f"{size // 1000}k: {by[(ours, actual[size])].diagnostics}"
            for size in sizes
            if (ours, actual[size]) in by
        )
        edits = ", ".join(
            f"{name} {len(run.latencies)}" for name in names if (run := by.get((name, actual[sizes[-1]])))
        )
        out.append(f"\nEdits timed per file: {edits}. pto-lsp's diagnostics after the open: {counts}.")
    return "\n".join(out)


def _requests(by: dict[tuple[str, int], Run], actual: dict[int, int], sizes: list[int]) -> str:
    """Our answers to the requests an editor sends after each edit (p50 / p95, ms)."""
    mine = [by.get(("pto-lsp", actual[size])) for size in sizes]
    names = list(dict.fromkeys(name for run in mine if run for name in run.requests))
    if not names:
        return ""
    out = ["\nOur answers to what an editor asks after each edit (request -> response, p50 / p95, ms):\n"]
    out.append(
        "| request | "
        + " | ".join(f"{size // 1000}k" for size in sizes)
        + f" | {sizes[-1] // 1000}k/{sizes[0] // 1000}k p50 |"
    )
    out.append("|" + "---|" * (len(sizes) + 2))
    for name in names:
        series = [run.requests.get(name, []) if run else [] for run in mine]
        row = [name] + [f"{ms(percentile(v, 0.5))} / {ms(percentile(v, 0.95))}" if v else "–" for v in series]
        first, last = series[0], series[-1]
        row.append(f"{percentile(last, 0.5) / percentile(first, 0.5):.2f}" if first and last else "–")
        out.append("| " + " | ".join(row) + " |")
    return "\n".join(out)


def _targets(by: dict[tuple[str, int], Run], actual: dict[int, int], sizes: list[int]) -> str:
    big, small = by.get(("pto-lsp", actual[sizes[-1]])), by.get(("pto-lsp", actual[sizes[0]]))
    if big is None or small is None:
        return ""
    values = [latency for _, latency in big.latencies]
    p50, p95 = percentile(values, 0.5), percentile(values, 0.95)
    ratio = p50 / percentile([latency for _, latency in small.latencies], 0.5)
    checks = [
        (f"p50 <= 10 ms on {sizes[-1]} lines", p50 <= 0.010, f"{p50 * 1000:.1f} ms"),
        (f"p95 <= 25 ms on {sizes[-1]} lines", p95 <= 0.025, f"{p95 * 1000:.1f} ms"),
        (f"{sizes[-1] // 1000}k/{sizes[0] // 1000}k p50 ratio <= 1.5", ratio <= 1.5, f"{ratio:.2f}"),
        (f"cold open of {sizes[-1]} lines <= 1 s", big.cold_open <= 1.0, f"{big.cold_open * 1000:.0f} ms"),
        ("peak RSS <= 200 MB", big.peak_rss <= 200 * 2**20, f"{big.peak_rss / 2**20:.0f} MB"),
    ]
    lines = ["\nTargets (issue 7):\n"]
    lines += [f"- {'met' if ok else 'NOT met'}: {name} ({value})" for name, ok, value in checks]
    return "\n".join(lines)


# ---------------------------------------------------------------- main


async def main_async(arguments: argparse.Namespace) -> int:
    sizes = [int(size) for size in arguments.sizes.split(",")]
    chosen = servers(arguments.servers.split(","))
    runs: list[Run] = []
    base: dict[int, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="pto-bench-") as directory:
        for size in sizes:
            text = generate_module(size, arguments.seed)
            folder = Path(directory) / f"k{size}"
            folder.mkdir()
            path = folder / f"kernels_{size}.py"
            path.write_text(text)
            base[size] = baselines(text, arguments.rounds)
            for server in chosen:
                rounds = arguments.rounds if server.name != "basedpyright" else arguments.slow_rounds
                print(f"  {server.name}, {size} lines ...", file=sys.stderr, flush=True)
                try:
                    runs.append(await run_session(server, path, text, rounds))
                except (TimeoutError, RuntimeError) as error:
                    print(f"  {server.name} failed on {size} lines: {error}", file=sys.stderr)
    print(report(runs, base, sizes))
    if arguments.json:
        Path(arguments.json).write_text(
            json.dumps(
                {
                    "runs": [run.__dict__ for run in runs],
                    "baselines": {size: {k: v for k, v in b.items()} for size, b in base.items()},
                },
                indent=1,
            )
        )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="1000,5000,10000", help="file sizes in lines (comma-separated)")
    parser.add_argument(
        "--servers",
        default="ours,basedpyright,ruff",
        help="ours, ours@DIR (another checkout), basedpyright, ruff",
    )
    parser.add_argument("--rounds", type=int, default=2, help="times the session is replayed per server")
    parser.add_argument("--slow-rounds", type=int, default=1, help="rounds for basedpyright")
    parser.add_argument("--seed", type=int, default=0, help="the generator's seed")
    parser.add_argument("--json", help="also write the measurements to this file")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
