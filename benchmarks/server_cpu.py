"""The CPU time `pto-lsp serve` spends on a cold open and on each keystroke, two checkouts side by side.

    python benchmarks/server_cpu.py [--servers ours@DIR,ours] [--sizes 1000,10000] [--reps 3]
                                    [--rounds 2] [--no-requests] [--json out.json]

`run.py`'s session and client (the same generated modules, edits and editor requests after
each edit), but what is timed is the server's own CPU: the sum over its threads of the
scheduler's run time (`/proc/PID/task/*/schedstat`, nanoseconds), read before `didOpen` /
`didChange` is sent and again when its publication has arrived. On a machine shared with
other jobs wall-clock latencies move with the load; the CPU a server spends does not, or
much less. The servers run in turn, each size and repetition A B A B, each in a fresh
process. Printed: per run, then medians (cold open: over the repetitions; keystrokes: p50
and p95 of every keystroke of every repetition). Linux only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate_module  # noqa: E402
from lsprotocol import types as lsp  # noqa: E402
from run import CAPABILITIES, Server, TimedClient, _change, editor_requests, percentile, servers  # noqa: E402
from session import apply, session  # noqa: E402


def cpu_seconds(pid: int) -> float:
    """The CPU time of every thread of the process, so far."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


async def one_run(server: Server, path: Path, text: str, rounds: int, requests: bool) -> dict[str, Any]:
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
    with contextlib.suppress(Exception):  # a first answer: the server has loaded
        await client.text_document_document_symbol_async(
            lsp.DocumentSymbolParams(
                text_document=lsp.TextDocumentIdentifier(uri=(path.parent / "none.py").as_uri())
            )
        )
    await asyncio.sleep(0.5)
    pid, uri = client.pid, path.as_uri()
    before = cpu_seconds(pid)
    started = time.perf_counter()
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
        )
    )
    arrival = await client.publication(uri, 1, started)
    run: dict[str, Any] = {
        "open_cpu": cpu_seconds(pid) - before,
        "open_wall": arrival.at - started,
        "keys_cpu": [],
        "keys_wall": [],
    }
    lines, version = text.split("\n"), 1
    for _ in range(rounds):
        for step in session(lines):
            edit = step(lines)
            lines = apply(lines, edit)
            version += 1
            before = cpu_seconds(pid)
            sent = time.perf_counter()
            client.text_document_did_change(
                lsp.DidChangeTextDocumentParams(
                    text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
                    content_changes=[_change(edit)],
                )
            )
            arrival = await client.publication(uri, version, sent)
            run["keys_cpu"].append(cpu_seconds(pid) - before)
            run["keys_wall"].append(arrival.at - sent)
            if requests:
                for _, request in editor_requests(client, uri, edit.start[0]):
                    await request
    await client.shutdown_session()
    await client.stop()
    return run


async def main_async(arguments: argparse.Namespace) -> int:
    chosen = servers(arguments.servers.split(","))
    results: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="pto-cpu-") as directory:
        modules = []
        for size in [int(s) for s in arguments.sizes.split(",")]:
            folder = Path(directory) / f"k{size}"
            folder.mkdir()
            path = folder / f"kernels_{size}.py"
            text = generate_module(size, arguments.seed)
            path.write_text(text)
            modules.append((size, path, text))
        for rep in range(arguments.reps):
            for size, path, text in modules:
                for server in chosen:
                    run = await one_run(server, path, text, arguments.rounds, not arguments.no_requests)
                    results.setdefault(f"{server.name} {size}", []).append(run)
                    print(
                        f"rep {rep} {server.name} {size}: open cpu {run['open_cpu'] * 1000:.1f} ms, "
                        f"keystroke cpu p50 {statistics.median(run['keys_cpu']) * 1000:.2f} ms",
                        file=sys.stderr,
                        flush=True,
                    )
    print("| server, lines | cold open cpu (wall) | keystroke cpu p50 / p95 | keystroke wall p50 / p95 |")
    print("|---|---|---|---|")
    for key, runs in results.items():
        keys_cpu = [x for run in runs for x in run["keys_cpu"]]
        keys_wall = [x for run in runs for x in run["keys_wall"]]
        open_cpu = statistics.median(run["open_cpu"] for run in runs) * 1000
        open_wall = statistics.median(run["open_wall"] for run in runs) * 1000
        print(
            f"| {key} | {open_cpu:.1f} ({open_wall:.0f}) ms | "
            f"{percentile(keys_cpu, 0.5) * 1000:.2f} / {percentile(keys_cpu, 0.95) * 1000:.2f} ms | "
            f"{percentile(keys_wall, 0.5) * 1000:.2f} / {percentile(keys_wall, 0.95) * 1000:.2f} ms |"
        )
    if arguments.json:
        Path(arguments.json).write_text(json.dumps(results))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--servers", default="ours", help="ours, ours@DIR (another checkout), comma-separated"
    )
    parser.add_argument("--sizes", default="1000,10000", help="file sizes in lines (comma-separated)")
    parser.add_argument("--reps", type=int, default=3, help="fresh servers per size and checkout")
    parser.add_argument("--rounds", type=int, default=2, help="times the session is replayed per server")
    parser.add_argument("--no-requests", action="store_true", help="no editor requests between the edits")
    parser.add_argument("--seed", type=int, default=0, help="the generator's seed")
    parser.add_argument("--json", help="also write the measurements to this file")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
