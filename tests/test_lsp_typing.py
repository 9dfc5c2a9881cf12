"""While the author types, in an LSP client: no error flashes at each keystroke, and
hovers, inlay hints and the outline stay while a line does not parse yet."""

from __future__ import annotations

import asyncio
import re
import time

import pytest
import pytest_lsp
from cache_policy_programs import DEMO_PROGRAM
from conftest import SERVER
from lsp_client import RecordingClient, change, open_document, until_loaded, wait_for_version
from lsprotocol import types as lsp
from pytest_lsp import client_capabilities

URI = "file:///work/kernels/typing.py"
# The marker below is typed for b: the scope declares a instead.
KERNEL = DEMO_PROGRAM.replace(
    "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)", "pl.set_cache_policy(a, pl.CachePolicy.BYPASS)"
)
MARKER = "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)"
HEADER_ROW = KERNEL.split("\n").index('        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):')
PAUSE_MS = 1000  # typingPauseMs: far longer than the gap between two keystrokes below
KEYSTROKE_GAP = 0.05


@pytest_lsp.fixture(config=SERVER)
async def typist(lsp_client: RecordingClient):
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={
            "ptoLsp": {"debounceMs": 0, "typingPauseMs": PAUSE_MS, "diagnostics": {"disabled": ["PTO301"]}}
        },
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def errors(diagnostics: list[lsp.Diagnostic]) -> set[tuple[str, str]]:
    return {(str(d.code), d.message) for d in diagnostics if d.severity == lsp.DiagnosticSeverity.Error}


async def type_like_vs_code(client: RecordingClient, row: int, column: int, text: str, version: int) -> int:
    """Type `text` at (row, column) one keystroke per change, `(` auto-closed and the typed
    `)` overtyping it (no change sent), as VS Code does; returns the last version sent."""
    line = ""
    cursor = 0
    for char in text:
        await asyncio.sleep(KEYSTROKE_GAP)
        if char == ")" and line[cursor : cursor + 1] == ")":
            cursor += 1
            continue
        inserted = "()" if char == "(" else char
        version += 1
        change(client, version, (row, column + cursor), (row, column + cursor), inserted, URI)
        line = line[:cursor] + inserted + line[cursor:]
        cursor += 1
    return version


async def test_typing_a_misplaced_marker_flashes_no_error_and_shows_the_real_one_after_the_pause(
    typist: RecordingClient,
):
    # The marker typed as the first statement of `main`, outside its scope: wrong, finally.
    open_document(typist, KERNEL, URI)
    assert await wait_for_version(typist, URI, 1) == []
    above = KERNEL.split("\n")[HEADER_ROW - 1]
    change(typist, 2, (HEADER_ROW - 1, len(above)), (HEADER_ROW - 1, len(above)), "\n        ", URI)  # Enter
    row = HEADER_ROW
    last = await type_like_vs_code(typist, row, len("        "), MARKER, 2)
    typed_at = time.monotonic()
    await wait_for_version(typist, URI, last)
    final = (await asyncio.wait_for(_settled(typist, last), 10)).diagnostics
    settled_at = time.monotonic()

    mid_typing: set[tuple[str, str]] = set()
    for item in typist.published:
        if item.uri == URI and item.version is not None and item.version < last:
            mid_typing |= errors(item.diagnostics)
    assert len(mid_typing) <= 1, sorted(mid_typing)
    assert [d.code for d in final] == ["PTO101"]
    assert final[0].range.start == lsp.Position(row, 8)
    first_of_last = next(item for item in typist.published if item.uri == URI and item.version == last)
    assert errors(first_of_last.diagnostics) == set(), "the final error came before the pause"
    assert settled_at - typed_at >= PAUSE_MS / 1000 * 0.8

    # An error once shown stays while the author types on its line again.
    end = len("        " + MARKER)
    again = await type_like_vs_code(typist, row, end, "  # here", last)
    await wait_for_version(typist, URI, again)
    for item in typist.published:
        if item.uri == URI and item.version is not None and item.version > last:
            assert [d.code for d in item.diagnostics] == ["PTO101"]


async def _settled(client: RecordingClient, version: int):
    """The first publication of `version` with an error in it."""
    while True:
        for item in client.published:
            if item.uri == URI and item.version == version and errors(item.diagnostics):
                return item
        await asyncio.sleep(0.01)


async def test_an_error_a_keystroke_causes_elsewhere_is_shown_at_once(typist: RecordingClient):
    # Renaming `c` to `cc` where it is bound: the line typed into is fine, the use of `c`
    # on the next line is not, and that is not where the author types.
    open_document(typist, KERNEL, URI)
    await wait_for_version(typist, URI, 1)
    row = KERNEL.split("\n").index(
        "            c: pl.Tensor[[256, 256], pl.FP32] = pl.matmul(a, b, out_dtype=pl.FP32)"
    )
    change(typist, 2, (row, 13), (row, 13), "c", URI)
    published = await wait_for_version(typist, URI, 2)
    assert [(d.message, d.range.start.line) for d in published] == [("Undefined variable 'c'", row + 1)]


@pytest.mark.parametrize(
    ("typed", "final_error"),
    [("lod", "Unknown operation 'pl.lod'"), ("", "SyntaxError: invalid syntax")],
    ids=["typed over a selection", "a selection deleted"],
)
async def test_typing_over_a_selection_flashes_no_error_either(
    typist: RecordingClient, typed: str, final_error: str
):
    # Double-click `load`, then type `lod` over it (or delete it): `pl.l(` and `pl.lo(` are
    # half-typed like any other keystroke's text; only the last state's error shows, after
    # the pause.
    open_document(typist, KERNEL, URI)
    await wait_for_version(typist, URI, 1)
    await until_loaded(typist, URI)  # the first publication may come before: keystrokes meanwhile wait
    row = next(row for row, line in enumerate(KERNEL.split("\n")) if "hot = pl.load(" in line)
    column = KERNEL.split("\n")[row].index("load")
    change(typist, 2, (row, column), (row, column + len("load")), typed[:1], URI)
    last = await type_like_vs_code(typist, row, column + 1, typed[1:], 2)
    final = await asyncio.wait_for(_settled(typist, last), 10)
    shown = [item for item in typist.published if item.uri == URI and (item.version or 0) >= 2]
    while_typing = shown[: shown.index(final)]
    assert {item.version for item in while_typing} == set(range(2, last + 1))
    assert [errors(item.diagnostics) for item in while_typing] == [set()] * len(while_typing)
    assert errors(final.diagnostics) == {("PTO504" if typed else "PTO001", final_error)}


# ---------------------------------------------------------------- navigation while a line is broken


def hints_request(lines: int) -> lsp.InlayHintParams:
    return lsp.InlayHintParams(
        text_document=lsp.TextDocumentIdentifier(uri=URI),
        range=lsp.Range(start=lsp.Position(0, 0), end=lsp.Position(lines, 0)),
    )


async def navigation(client: RecordingClient, text: str, needles: list[str]) -> tuple[list, list, list]:
    """Inlay hints (line, label), the outline (name, line, children) and the hover at each needle."""
    hints = await client.text_document_inlay_hint_async(hints_request(text.count("\n")))
    symbols = await client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(text_document=lsp.TextDocumentIdentifier(uri=URI))
    )
    hovers = []
    for needle in needles:
        index = text.index(needle)
        position = lsp.Position(text.count("\n", 0, index), index - (text.rfind("\n", 0, index) + 1))
        found = await client.text_document_hover_async(
            lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=position)
        )
        hovers.append(found.contents.value if found is not None else None)  # type: ignore[union-attr]
    return [(h.position.line, h.label) for h in hints or []], _outline(symbols), hovers


def _outline(symbols: list | None) -> list:
    return [(s.name, s.range.start.line, s.range.end.line, _outline(s.children)) for s in symbols or []]


NEEDLES = ["pl.matmul(a, b", "pl.load(x, [32, 0]", "x: pl.Tensor"]


async def test_while_a_line_is_broken_the_other_methods_and_its_intact_lines_keep_their_navigation(
    typist: RecordingClient,
):
    open_document(typist, KERNEL, URI)
    await wait_for_version(typist, URI, 1)
    hints, outline, hovers = await navigation(typist, KERNEL, NEEDLES)
    assert len(hints) == 3 and all(hovers) and outline  # what there is to keep

    # A half-typed line in `main`'s scope: the program does not parse.
    broken = "            pl.set_cache_policy(b, pl.\n"
    row = HEADER_ROW + 1
    change(typist, 2, (row, 0), (row, 0), broken, URI)
    text = KERNEL.replace('name_hint="mm"):\n', f'name_hint="mm"):\n{broken}')
    assert [d.code for d in await wait_for_version(typist, URI, 2)] == ["PTO001"]

    hints_now, outline_now, hovers_now = await navigation(typist, text, NEEDLES)
    # Every line below the broken one moved down by one; nothing else changed.
    assert hints_now == [(line + (line >= row), label) for line, label in hints]
    assert outline_now == _moved(outline, row)
    assert hovers_now == [_moved_mentions(hover, row) for hover in hovers]
    # The broken line itself says nothing.
    nothing = await typist.text_document_hover_async(
        lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=lsp.Position(row, 14))
    )
    assert nothing is None

    # Finished, it parses again: the analysis is the fresh one (the new declaration governs b).
    change(typist, 3, (row, len(broken) - 1), (row, len(broken) - 1), "CachePolicy.BYPASS)", URI)
    await wait_for_version(typist, URI, 3)
    hints_fixed, _, _ = await navigation(typist, text.replace("pl.\n", "pl.CachePolicy.BYPASS)\n"), NEEDLES)
    [matmul] = [label for line, label in hints_fixed if line == row + 2]
    assert "b: BYPASS" in matmul


def _moved_mentions(hover: str, row: int) -> str:
    """A hover's "line N" mentions, moved down by one from (0-based) `row` on."""
    return re.sub(r"line (\d+)", lambda m: f"line {int(m.group(1)) + (int(m.group(1)) - 1 >= row)}", hover)


def _moved(outline: list, row: int) -> list:
    return [
        (name, start + (start >= row), end + (end >= row), _moved(children, row))
        for name, start, end, children in outline
    ]


async def test_a_huge_typing_pause_is_clamped_so_the_error_still_arrives(typist: RecordingClient):
    """`typingPauseMs: 1e12` would mean never showing an error where one types; clamped to 5 s."""
    typist.set_configuration({"debounceMs": 0, "typingPauseMs": 1e12}, section="ptoLsp")
    # Sent with the notification, the settings apply to every message after it (a
    # pull of them would race the edit).
    typist.workspace_did_change_configuration(
        lsp.DidChangeConfigurationParams(settings={"ptoLsp": {"debounceMs": 0, "typingPauseMs": 1e12}})
    )
    open_document(typist, KERNEL, URI)
    await wait_for_version(typist, URI, 1)
    line = "            out = pl.assemble(out, c, [0, 0])"
    row = KERNEL.split("\n").index(line)
    change(typist, 2, (row, len(line)), (row, len(line)), "x", URI)  # a keystroke that breaks the line
    typed_at = time.monotonic()
    assert errors(await wait_for_version(typist, URI, 2)) == set()
    final = await asyncio.wait_for(_settled(typist, 2), 10)
    assert [d.code for d in final.diagnostics] == ["PTO001"]
    assert 4.0 <= time.monotonic() - typed_at <= 8.0


# ---------------------------------------------------------------- codegen warnings while typing


@pytest_lsp.fixture(config=SERVER)
async def warned(lsp_client: RecordingClient):
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={"ptoLsp": {"debounceMs": 0, "typingPauseMs": PAUSE_MS}},
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def warnings(diagnostics: list[lsp.Diagnostic]) -> list[tuple[str, int, list[int]]]:
    return [
        (
            d.message,
            d.range.start.line,
            [info.location.range.start.line for info in d.related_information or []],
        )
        for d in diagnostics
        if d.code == "PTO301"
    ]


HELPER = "\n\ndef helper(n):\n    return n\n"


@pytest.mark.parametrize("where", ["another definition", "the program itself"])
async def test_codegen_warnings_stay_while_a_definition_is_typed_into_and_does_not_parse(
    warned: RecordingClient, where: str
):
    # Typing `1 + 2 *` one keystroke at a time: `1 +`, `1 + ` and `1 + 2 *` do not parse,
    # the real compiler would not reach codegen, and the PTO301 warnings went and came
    # back with the keystrokes. They stay (moved with their lines) until the pause.
    text = DEMO_PROGRAM + HELPER
    open_document(warned, text, URI)
    shown = warnings(await wait_for_version(warned, URI, 1))
    assert len(shown) == 2
    lines = text.split("\n")
    row = lines.index("    return n") if where == "another definition" else HEADER_ROW + 3
    indent = "    " if where == "another definition" else "            "
    change(warned, 2, (row, 0), (row, 0), indent + "\n", URI)  # a new line above: what is below moves
    moved = [(m, line + (line >= row), [r + (r >= row) for r in related]) for m, line, related in shown]
    last = await type_like_vs_code(warned, row, len(indent), "1 + 2 *", 2)
    await wait_for_version(warned, URI, last)
    while_typing = [item for item in warned.published if item.uri == URI and (item.version or 0) >= 2]
    assert [warnings(item.diagnostics) for item in while_typing] == [moved] * len(while_typing)
    assert all(errors(item.diagnostics) == set() for item in while_typing)
    # After the pause, what the real compiler says of the text: a syntax error, no codegen.
    final = await asyncio.wait_for(_settled(warned, last), 10)
    assert [d.code for d in final.diagnostics] == ["PTO001"]
