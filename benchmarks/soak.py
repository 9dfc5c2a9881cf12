"""Soak run: many editing sessions against one `pto-lsp serve` process, its memory sampled.

    python benchmarks/soak.py [--sessions 1200] [--edits 50] [--lines 200] [--sample 50]
                              [--trace FILE] [--server-dir DIR] [--json results.json]

One server (over stdio, started by pygls's client as an editor would) serves every
session. A session opens a new document — a generated kernel module (`generate.py`,
one of 20, with a line naming the session at the top, so every session's text
is new to the server), types `--edits` changes into it (the benchmark's scripted
session, `session.py`: characters typed and deleted, lines added and removed, a
program pasted and deleted, syntax broken and fixed), waits for the diagnostics of
every fifth version and of the last one, asks for a hover, inlay hints and the outline
after every tenth edit, and closes it. Every `--sample` sessions the server's resident
memory (VmRSS) is read.

At the end: the RSS curve, whether it plateaued (the second half grew by less than
5 %), crashes (the server exited) and unanswered requests (no answer, or no
publication, within 60 s). Exit status 1 if any of them failed.

`--trace FILE` runs the server with `PTO_LSP_TRACEMALLOC=FILE`: it traces its
allocations and writes the largest live ones to FILE when it ends (slow: use a few
hundred sessions). `--server-dir DIR` runs the server of another checkout (say an
older commit exported with `git archive`) from its own sources, to compare.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate_module  # noqa: E402
from lsprotocol import types as lsp  # noqa: E402
from pygls.protocol import default_converter  # noqa: E402
from pytest_lsp import LanguageClient  # noqa: E402
from pytest_lsp.client import register_lsp_features  # noqa: E402
from session import apply, session  # noqa: E402

ANSWER_TIMEOUT = 60.0  # seconds for a response or a publication: longer is "unanswered"
PLATEAU = 0.05  # the second half of the run may grow the RSS by this fraction at most
SEEDS = 20


class SoakClient(LanguageClient):
    """pygls's client, keeping the last published version of each document."""

    def __init__(self) -> None:
        super().__init__(converter_factory=default_converter)
        register_lsp_features(self, {lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: self._published})
        self.versions: dict[str, int | None] = {}
        self.changed = asyncio.Event()

    @staticmethod
    def _published(client: SoakClient, params: lsp.PublishDiagnosticsParams) -> None:
        client.versions[params.uri] = params.version
        client.changed.set()

    async def publication(self, uri: str, version: int) -> None:
        async def wait() -> None:
            while (self.versions.get(uri) or 0) < version:
                self.changed.clear()
                await self.changed.wait()

        await asyncio.wait_for(wait(), ANSWER_TIMEOUT)


def rss(pid: int) -> int:
    """The process's resident memory, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


class Counts:
    def __init__(self) -> None:
        self.requests = 0
        self.unanswered = 0
        self.errors = 0  # requests answered with an error
        self.publications = 0
        self.unpublished = 0


async def ask(counts: Counts, request: Any) -> None:
    counts.requests += 1
    try:
        await asyncio.wait_for(request, ANSWER_TIMEOUT)
    except asyncio.TimeoutError:
        counts.unanswered += 1
    except Exception:
        counts.errors += 1


def usable_modules(lines: int, edits: int) -> list[str]:
    """`SEEDS` generated modules that have every line the scripted session edits."""
    found: list[str] = []
    for seed in range(20 * SEEDS):
        text = generate_module(lines, seed=seed)
        rows = ["# soak session 0", *text.split("\n")]
        try:
            steps = session(rows)
            for number in range(edits):
                rows = apply(rows, steps[number % len(steps)](rows))
        except LookupError:
            continue
        found.append(text)
        if len(found) == SEEDS:
            return found
    raise SystemExit(f"too few generated modules of {lines} lines fit the session: try more --lines")


async def one_session(client: SoakClient, counts: Counts, index: int, edits: int, module: str) -> None:
    uri = f"file:///soak/session_{index}.py"
    text = f"# soak session {index}\n" + module
    rows = text.split("\n")
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
        )
    )
    document = lsp.TextDocumentIdentifier(uri=uri)
    steps = session(rows)
    version = 1
    for number in range(edits):
        edit = steps[number % len(steps)](rows)
        rows = apply(rows, edit)
        version += 1
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[
                    lsp.TextDocumentContentChangePartial(
                        range=lsp.Range(start=lsp.Position(*edit.start), end=lsp.Position(*edit.end)),
                        text=edit.text,
                    )
                ],
            )
        )
        if number % 5 == 4 or number == edits - 1:
            counts.publications += 1
            try:
                await client.publication(uri, version)
            except asyncio.TimeoutError:
                counts.unpublished += 1
        if number % 10 == 9:
            line = edit.start[0]
            await ask(
                counts,
                client.text_document_hover_async(
                    lsp.HoverParams(text_document=document, position=lsp.Position(line, 12))
                ),
            )
            await ask(
                counts,
                client.text_document_inlay_hint_async(
                    lsp.InlayHintParams(
                        text_document=document,
                        range=lsp.Range(
                            start=lsp.Position(max(line - 30, 0), 0), end=lsp.Position(line + 30, 0)
                        ),
                    )
                ),
            )
            await ask(
                counts,
                client.text_document_document_symbol_async(lsp.DocumentSymbolParams(text_document=document)),
            )
    client.text_document_did_close(lsp.DidCloseTextDocumentParams(text_document=document))
    client.versions.pop(uri, None)


async def soak(arguments: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ)
    if arguments.trace:
        env["PTO_LSP_TRACEMALLOC"] = str(Path(arguments.trace).resolve())
    if arguments.server_dir:
        env["PYTHONPATH"] = os.pathsep.join(
            [str(Path(arguments.server_dir).resolve()), *filter(None, [env.get("PYTHONPATH")])]
        )
    client = SoakClient()
    await client.start_io(sys.executable, "-m", "pto_lsp", "serve", env=env, cwd=arguments.server_dir or None)
    await client.initialize_session(
        lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(),
            initialization_options={"ptoLsp": {"debounceMs": 0}},
        )
    )
    assert client._server is not None
    pid = client._server.pid
    counts = Counts()
    modules = usable_modules(arguments.lines, arguments.edits)
    samples: list[tuple[int, float, int]] = [(0, 0.0, rss(pid))]
    started = time.perf_counter()
    crashed = False
    for index in range(1, arguments.sessions + 1):
        if client._server.returncode is not None:
            crashed = True
            break
        await one_session(client, counts, index, arguments.edits, modules[index % len(modules)])
        if index % arguments.sample == 0 or index == arguments.sessions:
            await asyncio.sleep(2.5)  # past the server's idle collection (2 s after the last change)
            samples.append((index, time.perf_counter() - started, rss(pid)))
            mb = samples[-1][2] / 2**20
            print(f"  {index:5d} sessions  {samples[-1][1]:7.1f} s  RSS {mb:6.1f} MB", flush=True)
    crashed = crashed or client._server.returncode is not None
    if not crashed:
        await asyncio.wait_for(client.shutdown_session(), ANSWER_TIMEOUT)
    status = await asyncio.wait_for(client._server.wait(), ANSWER_TIMEOUT)
    await client.stop()
    half = [rss for index, _, rss in samples if index >= arguments.sessions // 2]
    growth = (half[-1] - half[0]) / half[0] if len(half) > 1 else 0.0
    return {
        "sessions": arguments.sessions,
        "edits_per_session": arguments.edits,
        "lines": arguments.lines,
        "seconds": round(time.perf_counter() - started, 1),
        "rss_mb": [(index, round(seconds, 1), round(value / 2**20, 1)) for index, seconds, value in samples],
        "second_half_growth": round(growth, 4),
        "plateau": growth < PLATEAU,
        "crashed": crashed,
        "exit_status": status,
        "requests": counts.requests,
        "unanswered": counts.unanswered,
        "error_answers": counts.errors,
        "publications_awaited": counts.publications,
        "unpublished": counts.unpublished,
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sessions", type=int, default=1200)
    parser.add_argument("--edits", type=int, default=50)
    parser.add_argument("--lines", type=int, default=200, help="of each session's generated module")
    parser.add_argument("--sample", type=int, default=50, help="sessions between two RSS samples")
    parser.add_argument("--trace", metavar="FILE", help="trace the server's allocations into FILE")
    parser.add_argument("--server-dir", metavar="DIR", help="run the server of this checkout")
    parser.add_argument("--json", metavar="FILE", help="write the results here too")
    arguments = parser.parse_args()
    result = asyncio.run(soak(arguments))
    first, last = (
        result["rss_mb"][1] if len(result["rss_mb"]) > 1 else result["rss_mb"][0],
        result["rss_mb"][-1],
    )
    print(
        f"{result['sessions']} sessions x {result['edits_per_session']} edits in {result['seconds']} s: "
        f"RSS {result['rss_mb'][0][2]} MB at start, {first[2]} MB after {first[0]} sessions, "
        f"{last[2]} MB after {last[0]}; second half {result['second_half_growth']:+.1%} "
        f"({'plateau' if result['plateau'] else 'GROWING'})"
    )
    print(
        f"crashed: {result['crashed']} (exit status {result['exit_status']}); requests {result['requests']}, "
        f"unanswered {result['unanswered']}, answered with an error {result['error_answers']}; "
        f"publications awaited {result['publications_awaited']}, missing {result['unpublished']}"
    )
    if arguments.json:
        Path(arguments.json).write_text(json.dumps(result, indent=2) + "\n")
    healthy = (
        result["plateau"] and not result["crashed"] and not result["unanswered"] and not result["unpublished"]
    )
    return 0 if healthy and not result["error_answers"] and result["exit_status"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
