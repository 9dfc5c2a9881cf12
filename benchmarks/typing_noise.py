"""Noise while typing: the errors a user sees flash by while typing one statement.

    python benchmarks/typing_noise.py [--servers ours,ours@DIR] [--interval-ms 150] [--pause-ms 2000]
                                      [--files a.py,b.py] [--json results.json]

A real kernel is opened (read in place from `../shared/corpus/pypto-real`) and,
on a new line after its first CORE_GROUP scope header, the marker
`pl.set_cache_policy(b, pl.CachePolicy.BYPASS)` is typed one character per
change at a steady rate, as VS Code sends it: Enter makes the line with its
indentation, `(` arrives as an auto-closed `()`, and the typed `)` overtypes the
closing one (no change is sent). Each server runs with its default settings
(the editor's debounce and hold: what a user gets), except that every GM
read gets its inlay hint (`inlayHints.show: "all"`). After the last character
the author pauses; what is published then is the final word.

Measured per server and file:
- distinct errors mid-typing: the error diagnostics (code and message) published
  for a version before the last one, that were not there before typing began;
- flashes: mid-typing publications whose set of errors differs from the one before;
- the errors published after the pause;
- what navigation keeps while typing: the fewest inlay hints (whole file) and
  outline symbols (all levels) answered after a keystroke, against before typing.

`ours@DIR` runs the server of another checkout (say a `git worktree` of an older
commit) from its own sources, beside this one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.protocol import default_converter
from pytest_lsp import LanguageClient
from pytest_lsp.client import register_lsp_features

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpus" / "pypto-real"
FILES = [
    "pypto-lib/examples/intermediate/gemm.py",  # one @pl.jit function
    "pypto-lib/models/deepseek_v3_2/decode_back.py",  # a @pl.program inside build_*_program()
]
MARKER = "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)"
SCOPE = "with pl.at(level=pl.Level.CORE_GROUP"

Key = tuple[str, str]  # (code, message)


class RecordingClient(LanguageClient):
    def __init__(self) -> None:
        super().__init__(converter_factory=default_converter)
        self.publications: list[tuple[int | None, list[lsp.Diagnostic]]] = []
        features = {lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: self._record}
        register_lsp_features(self, features)  # type: ignore[arg-type]

    @staticmethod
    def _record(client: RecordingClient, params: lsp.PublishDiagnosticsParams) -> None:
        client.publications.append((params.version, list(params.diagnostics)))


@dataclass
class Result:
    server: str
    file: str
    keystrokes: int = 0
    errors_before: list[str] = field(default_factory=list)
    distinct_errors_mid_typing: list[str] = field(default_factory=list)
    flashes: int = 0
    errors_after_pause: list[str] = field(default_factory=list)
    hints_before: int = 0
    fewest_hints_while_typing: int = 0
    symbols_before: int = 0
    fewest_symbols_while_typing: int = 0


def keystrokes(text: str) -> list[tuple[tuple[int, int], str] | None]:
    """The changes VS Code sends for the marker typed at the start of a line, as (position
    offset in the line, inserted text); None for a keystroke that sends no change."""
    typed: list[tuple[tuple[int, int], str] | None] = []
    line = ""
    cursor = 0
    for char in text:
        if char == ")" and line[cursor : cursor + 1] == ")":
            typed.append(None)  # overtyped: the editor only moves the cursor
            cursor += 1
            continue
        inserted = "()" if char == "(" else char
        typed.append(((0, cursor), inserted))
        line = line[:cursor] + inserted + line[cursor:]
        cursor += 1
    return typed


def insertion_point(lines: list[str]) -> tuple[int, str]:
    """The 0-based line of the first CORE_GROUP scope header and its body's indentation."""
    for number, line in enumerate(lines):
        if line.lstrip().startswith(SCOPE) and line.rstrip().endswith(":"):
            return number, line[: len(line) - len(line.lstrip())] + "    "
    raise SystemExit("no CORE_GROUP scope header in the file")


def errors(diagnostics: list[lsp.Diagnostic]) -> set[Key]:
    return {
        (str(d.code), d.message) for d in diagnostics if d.severity in (None, lsp.DiagnosticSeverity.Error)
    }


def count_symbols(symbols: list[Any] | None) -> int:
    return sum(1 + count_symbols(getattr(s, "children", None)) for s in symbols or [])


async def navigation(client: RecordingClient, uri: str) -> tuple[int, int]:
    document = lsp.TextDocumentIdentifier(uri=uri)
    everything = lsp.Range(start=lsp.Position(0, 0), end=lsp.Position(100_000, 0))
    hints = await client.text_document_inlay_hint_async(lsp.InlayHintParams(document, everything))
    symbols = await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(document))
    return len(hints or []), count_symbols(symbols)  # type: ignore[arg-type]


async def published(client: RecordingClient, version: int, timeout: float = 30.0) -> list[lsp.Diagnostic]:
    async def found() -> list[lsp.Diagnostic]:
        while True:
            for seen, diagnostics in reversed(client.publications):
                if seen == version:
                    return diagnostics
            await asyncio.sleep(0.005)

    return await asyncio.wait_for(found(), timeout)


async def type_marker(
    command: list[str], env: dict[str, str] | None, path: Path, corpus: Path, arguments: Any
) -> Result:
    client = RecordingClient()
    with tempfile.TemporaryDirectory() as folder:  # not this checkout: `-m pto_lsp` must not find it
        await client.start_io(*command, cwd=folder, env=env)
        await client.initialize_session(
            lsp.InitializeParams(
                # Every read gets its hint (the default shows only kernels that choose a policy):
                # what navigation keeps while typing is measured on all of them.
                initialization_options={"ptoLsp": {"inlayHints": {"show": "all"}}},
                capabilities=lsp.ClientCapabilities(
                    text_document=lsp.TextDocumentClientCapabilities(
                        publish_diagnostics=lsp.PublishDiagnosticsClientCapabilities(version_support=True)
                    )
                ),
            )
        )
        uri = path.as_uri()
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        row, indent = insertion_point(lines)
        result = Result("", str(path.relative_to(corpus)))
        client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(
                lsp.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
            )
        )
        result.errors_before = sorted(f"{c}: {m}" for c, m in errors(await published(client, 1)))
        baseline = errors(await published(client, 1))
        result.hints_before, result.symbols_before = await navigation(client, uri)
        interval = arguments.interval_ms / 1000
        version = 1
        fewest = [result.hints_before, result.symbols_before]

        def send(start: tuple[int, int], end: tuple[int, int], inserted: str) -> None:
            nonlocal version
            version += 1
            client.text_document_did_change(
                lsp.DidChangeTextDocumentParams(
                    lsp.VersionedTextDocumentIdentifier(version=version, uri=uri),
                    [
                        lsp.TextDocumentContentChangePartial(
                            range=lsp.Range(lsp.Position(*start), lsp.Position(*end)), text=inserted
                        )
                    ],
                )
            )

        end_of_header = len(lines[row])
        send((row, end_of_header), (row, end_of_header), "\n" + indent)  # Enter, auto-indented
        for stroke in keystrokes(MARKER):
            result.keystrokes += 1
            await asyncio.sleep(interval / 2)
            if stroke is not None:
                (_, column), inserted = stroke
                at = (row + 1, len(indent) + column)
                send(at, at, inserted)
            await asyncio.sleep(interval / 2)
            hints, symbols = await navigation(client, uri)
            fewest = [min(fewest[0], hints), min(fewest[1], symbols)]
        final = version
        await asyncio.sleep(arguments.pause_ms / 1000)
        result.errors_after_pause = sorted(f"{c}: {m}" for c, m in errors(await published(client, final)))
        result.fewest_hints_while_typing, result.fewest_symbols_while_typing = fewest
        seen: set[Key] = set()
        previous = baseline
        for number, diagnostics in client.publications:
            if number is None or number <= 1 or number >= final:
                continue
            now = errors(diagnostics)
            seen |= now - baseline
            result.flashes += now != previous
            previous = now
        result.distinct_errors_mid_typing = sorted(f"{c}: {m}" for c, m in seen)
        await client.shutdown_session()
        await client.stop()
    return result


def server_command(name: str) -> tuple[str, list[str], dict[str, str] | None]:
    if name == "ours":
        return (
            "pto-lsp",
            [sys.executable, "-m", "pto_lsp", "serve"],
            {**os.environ, "PYTHONPATH": str(HERE.parent)},
        )
    if name.startswith("ours@"):
        other = Path(name.partition("@")[2]).resolve()
        return (
            f"pto-lsp@{other.name}",
            [sys.executable, "-m", "pto_lsp", "serve"],
            {**os.environ, "PYTHONPATH": str(other)},
        )
    raise SystemExit(f"unknown server {name!r}")


async def main_async(arguments: argparse.Namespace) -> int:
    corpus = Path(arguments.corpus)
    files = [corpus / name for name in arguments.files.split(",")]
    missing = [str(path) for path in files if not path.exists()]
    if missing:
        print(f"corpus files not found: {', '.join(missing)}", file=sys.stderr)
        return 1
    results = []
    for name in arguments.servers.split(","):
        label, command, env = server_command(name)
        for path in files:
            result = await type_marker(command, env, path, corpus, arguments)
            result.server = label
            results.append(result)
    print(
        f"typing {MARKER!r}, one change per {arguments.interval_ms} ms, then a {arguments.pause_ms} ms pause\n"
    )
    print(
        "| server | file | distinct errors mid-typing | flashes | errors after the pause | hints before / fewest while typing | outline symbols before / fewest |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in results:
        print(
            f"| {r.server} | {Path(r.file).name} | {len(r.distinct_errors_mid_typing)} | {r.flashes} "
            f"| {len(r.errors_after_pause)} | {r.hints_before} / {r.fewest_hints_while_typing} "
            f"| {r.symbols_before} / {r.fewest_symbols_while_typing} |"
        )
    for r in results:
        print(f"\n{r.server}, {Path(r.file).name}: mid-typing")
        for error in r.distinct_errors_mid_typing:
            print(f"  {error}")
        print("  after the pause:", "; ".join(r.errors_after_pause) or "none")
    if arguments.json:
        Path(arguments.json).write_text(json.dumps([asdict(r) for r in results], indent=2))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--servers", default="ours", help="ours, ours@DIR (comma-separated)")
    parser.add_argument("--corpus", default=str(CORPUS), help="the real kernels' folder")
    parser.add_argument("--files", default=",".join(FILES), help="kernels under the corpus (comma-separated)")
    parser.add_argument("--interval-ms", type=int, default=150, help="time between two keystrokes (~80 wpm)")
    parser.add_argument("--pause-ms", type=int, default=2000, help="the pause after the last keystroke")
    parser.add_argument("--json", help="also write the measurements to this file")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
