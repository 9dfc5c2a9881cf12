"""The editor, round 4 (issue 32), through an LSP client: what a kernel author still tripped
over: a warning that blinked while typing elsewhere, diagnostics without their explanation's
link, what was not analysed, hovers, inlay hints, code lenses and quick fixes."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
import pytest_lsp
from conftest import EXAMPLES, REPO, SERVER, run_pto_lsp
from lsp_client import (
    RecordingClient,
    apply_edits,
    change,
    open_document,
    quick_fixes_for,
    replace_all,
    wait_for_version,
)
from lsprotocol import types as lsp
from pytest_lsp import client_capabilities

from compiler.base import codes

URI = "file:///work/kernels/round4.py"
PAUSE_MS = 1000
KEYSTROKE_GAP = 0.11  # about 9 keys a second


@pytest_lsp.fixture(config=SERVER)
async def editor(lsp_client: RecordingClient):
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={"ptoLsp": {"debounceMs": 0, "typingPauseMs": PAUSE_MS}},
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def _shown(diagnostics: list[lsp.Diagnostic]) -> set[tuple[str, int, str]]:
    return {(str(d.code), d.range.start.line, d.message) for d in diagnostics}


# ---------------------------------------------------------------- 1. nothing blinks while typing


async def test_a_warning_elsewhere_stays_while_a_new_line_is_typed_key_by_key(editor: RecordingClient):
    text = (EXAMPLES / "bypass_matmul.py").read_text()
    open_document(editor, text, URI)
    before = _shown(await wait_for_version(editor, URI, 1))
    assert [code for code, _, _ in before] == ["PTO301"]
    lines = text.split("\n")
    row = lines.index("            out = pl.assemble(out, c, [0, 0])")
    end = len(lines[row])
    change(editor, 2, (row, end), (row, end), "\n            ", URI)  # Enter, indented
    version = 2
    typed = "d = pl.add(c, c)"
    column = len("            ")
    for offset, char in enumerate(typed):
        await asyncio.sleep(KEYSTROKE_GAP)
        version += 1
        change(editor, version, (row + 1, column + offset), (row + 1, column + offset), char, URI)
    await wait_for_version(editor, URI, version)
    while_typing = [item for item in editor.published if item.uri == URI and (item.version or 0) >= 2]
    # Every publication while typing shows the warning above, and nothing else comes and goes.
    assert while_typing and all(_shown(item.diagnostics) == before for item in while_typing), [
        _shown(item.diagnostics) for item in while_typing
    ]


# ---------------------------------------------------------------- 3. every code links its explanation

DOCS = REPO / "docs" / "diagnostics.md"


def _emittable_codes() -> set[str]:
    """Every code pto-lsp can emit: the constants of compiler/base/codes.py (the one place
    codes are defined, tests/test_layering.py)."""
    return {
        value for value in vars(codes).values() if isinstance(value, str) and re.fullmatch(r"PTO\d{3}", value)
    }


def test_every_code_we_can_emit_has_an_anchor_in_the_docs():
    text = DOCS.read_text()
    anchors = re.findall(r'<a id="(pto\d{3})"></a>', text)
    assert len(anchors) == len(set(anchors)), "an anchor twice"
    missing = sorted(code for code in _emittable_codes() if code.lower() not in anchors)
    assert missing == []
    # each anchor sits in its own code's row
    for code in _emittable_codes():
        assert f'<a id="{code.lower()}"></a>`{code}`' in text


MISTAKES = """import pypto.language as pl


@pl.program
class Mistakes:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        t = pl.load(x, [0, 0], [64, 64], cache=pl.CachePolicy.BYPASS)
        u = pl.lod(x, [0, 0], [64, 64])
        v = pl.add(t, undefined_thing)
        return out
"""


async def test_every_published_diagnostic_links_its_codes_row_in_the_docs(editor: RecordingClient):
    open_document(editor, MISTAKES, URI)
    published = await wait_for_version(editor, URI, 1)
    assert published
    text = DOCS.read_text()
    for diagnostic in published:
        assert diagnostic.code_description is not None, diagnostic
        href = diagnostic.code_description.href
        if diagnostic.code == "PTO301":
            continue  # its own link: the PTOAS issue (test_bypass_warning.py)
        path, anchor = href.split("#")
        assert Path(url2pathname(urlparse(path).path)) == DOCS
        assert anchor == str(diagnostic.code).lower() and f'<a id="{anchor}"></a>' in text


# ---------------------------------------------------------------- 6. inlay hints in operand order

MATMUL = """import pypto.language as pl


@pl.program
class Mm:
    @pl.function
    def main(
        self,
        y: pl.Tensor[[128, 128], pl.FP32],
        w: pl.Tensor[[128, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
    ) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
            pl.set_cache_policy(w, pl.CachePolicy.BYPASS)
            c: pl.Tensor[[128, 128], pl.FP32] = pl.matmul(y, w, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        return out
"""


async def test_a_matmuls_inlay_hint_lists_its_reads_in_operand_order(editor: RecordingClient):
    open_document(editor, MATMUL, URI)
    await wait_for_version(editor, URI, 1)
    hints = await editor.text_document_inlay_hint_async(
        lsp.InlayHintParams(
            text_document=lsp.TextDocumentIdentifier(uri=URI),
            range=lsp.Range(start=lsp.Position(0, 0), end=lsp.Position(MATMUL.count("\n"), 0)),
        )
    )
    row = MATMUL.split("\n").index(
        "            c: pl.Tensor[[128, 128], pl.FP32] = pl.matmul(y, w, out_dtype=pl.FP32)"
    )
    [label] = [hint.label for hint in hints or [] if hint.position.line == row]
    text = label if isinstance(label, str) else "".join(part.value for part in label)
    assert text.index("y: DEFAULT") < text.index("w: BYPASS"), text


# ---------------------------------------------------------------- 5. hovers: loops, kernel calls, cache=2

CALLS = """import pypto.language as pl


@pl.program
class Calls:
    @pl.function(type=pl.FunctionType.InCore)
    def produce(
        self, x: pl.Tensor[[64, 64], pl.FP32], mid: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64], cache=pl.CachePolicy.BYPASS)
        mid = pl.store(pl.mul(t, 2.0), [0, 0], mid)
        return mid

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self, a: pl.Tensor[[64, 64], pl.FP32], mid: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.range(0, 4, 1):
            mid = self.produce(a, mid)
        for j in pl.parallel(8):
            mid = self.produce(a, mid)
        for k in pl.unroll(3):
            mid = self.produce(a, mid)
        return mid
"""


async def _hover(client: RecordingClient, text: str, needle: str, offset: int = 0) -> str | None:
    index = text.index(needle) + offset
    position = lsp.Position(text.count("\n", 0, index), index - (text.rfind("\n", 0, index) + 1))
    found = await client.text_document_hover_async(
        lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=position)
    )
    return found.contents.value if found is not None else None  # type: ignore[union-attr]


async def test_loop_headers_and_kernel_calls_have_hovers(editor: RecordingClient):
    open_document(editor, CALLS, URI)
    assert [d.code for d in await wait_for_version(editor, URI, 1) if d.severity == 1] == []
    ranged = await _hover(editor, CALLS, "pl.range(", 3)
    assert ranged is not None and "`pl.range` loop" in ranged and "4 iterations" in ranged
    assert "Sequential" in ranged
    parallel = await _hover(editor, CALLS, "for j in pl.parallel")
    assert parallel is not None and "`pl.parallel` loop" in parallel and "8 iterations" in parallel
    assert "independent" in parallel
    unrolled = await _hover(editor, CALLS, "pl.unroll(", 4)
    assert unrolled is not None and "`pl.unroll` loop" in unrolled and "UnrollLoops" in unrolled

    call = await _hover(editor, CALLS, "self.produce(a, mid)", 6)
    assert call is not None
    assert "def produce(x: pl.Tensor[[64, 64], pl.FP32], mid: pl.Tensor[[64, 64], pl.FP32] (Out))" in call
    lines = call.split("\n")
    [x] = [line for line in lines if line.startswith("- `x`")]
    assert "← `a`" in x and "In" in x and "BYPASS" in x and "explicit `cache=` here" in x
    [mid] = [line for line in lines if line.startswith("- `mid`")]
    assert "← `mid`" in mid and "Out" in mid


async def test_a_load_with_an_invalid_cache_value_is_said_invalid_by_the_hover_and_explain(
    editor: RecordingClient, tmp_path: Path
):
    text = CALLS.replace("cache=pl.CachePolicy.BYPASS)", "cache=2)")
    open_document(editor, text, URI)
    published = await wait_for_version(editor, URI, 1)
    assert [d.code for d in published if d.severity == 1] == ["PTO110"]
    said = await _hover(editor, text, "pl.load(x", 4)
    assert said is not None and "invalid" in said and "compile stops there" in said, said
    assert "DEFAULT" not in said.split("Valid:")[0], said
    kernel = tmp_path / "invalid_cache.py"
    kernel.write_text(text)
    row = text.split("\n").index(next(line for line in text.split("\n") if "pl.load(x" in line)) + 1
    run = run_pto_lsp("explain", f"{kernel}:{row}")
    assert "cache= value is invalid" in run.stdout and "compile stops there" in run.stdout, run.stdout
    assert "DEFAULT" not in run.stdout


# ---------------------------------------------------------------- 2. what was not analysed, shown quietly

UNMODELLED = """import pypto.language as pl
import pypto.language.distributed as pld


@pl.function
def f(x: pl.Tensor[[4, 64], pl.INT32]) -> pl.Tensor[[4, 64], pl.INT32]:
    pld.tile.get(x, peer=1, src=x, stage=x, **{})
    return x
"""


async def test_a_construct_not_analysed_is_a_quiet_hint_never_an_error(editor: RecordingClient):
    open_document(editor, UNMODELLED, URI)
    published = await wait_for_version(editor, URI, 1)
    [hint] = [d for d in published if d.code == "PTO010"]
    assert hint.severity == lsp.DiagnosticSeverity.Hint
    notify = "    pld.tile.get(x, peer=1, src=x, stage=x, **{})"
    assert hint.range.start.line == UNMODELLED.split("\n").index(notify)
    assert hint.message.startswith("Not analysed:") and "pld.tile.get(x, peer=1" in hint.message
    assert [
        d for d in published if d.severity in (lsp.DiagnosticSeverity.Error, lsp.DiagnosticSeverity.Warning)
    ] == []
    # A clean kernel has no such hint: clean and not looked at are told apart.
    clean = UNMODELLED.replace(notify + "\n", "")
    change(editor, 2, (0, 0), (UNMODELLED.count("\n"), 0), clean, URI)
    assert [d.code for d in await wait_for_version(editor, URI, 2)] == []


async def _lenses(client: RecordingClient) -> list[lsp.CodeLens]:
    return (
        await client.text_document_code_lens_async(
            lsp.CodeLensParams(text_document=lsp.TextDocumentIdentifier(uri=URI))
        )
        or []
    )


NOT_ANALYSED = """import pypto.language as pl


@pl.program
class NotAnalysed:
    @pl.function(type=pl.FunctionType.InCore)
    def flip(
        self, x: pl.Tensor[[4, 16, 32], pl.FP32], out: pl.Out[pl.Tensor[[4, 32, 16], pl.FP32]]
    ) -> pl.Tensor[[4, 32, 16], pl.FP32]:
        t = pl.load(x, [0, 0, 0], [4, 16, 32])
        u = pl.transpose(t, 1, 2)
        out = pl.store(u, [0, 0, 0], out)
        return out
"""


async def test_a_kernel_whose_memory_is_not_analysed_gets_a_lens_that_says_so_and_why(
    editor: RecordingClient, tmp_path: Path
):
    kernel = tmp_path / "not_analysed.py"
    kernel.write_text(NOT_ANALYSED)
    said = run_pto_lsp("compile", str(kernel), "--emit", "memory").stdout
    assert "NotAnalysed.flip (line 7): not analysed: " in said  # what the lens must not hide
    open_document(editor, NOT_ANALYSED, URI)
    await wait_for_version(editor, URI, 1)
    [lens] = await _lenses(editor)
    assert lens.command is not None
    assert lens.command.title.startswith("memory: not analysed (") and lens.command.title.endswith(")")
    assert "tile.transpose" in lens.command.title
    assert lens.range.start.line == NOT_ANALYSED.split("\n").index(
        "    @pl.function(type=pl.FunctionType.InCore)"
    )


async def test_a_kernel_whose_memory_is_partly_analysed_says_which_spaces_and_why(editor: RecordingClient):
    text = (EXAMPLES / "bypass_matmul.py").read_text()
    open_document(editor, text, URI)
    await wait_for_version(editor, URI, 1)
    [lens] = await _lenses(editor)
    assert lens.command is not None
    # The matmul's L0 tiles are AutoTileMatmulL0's choice, not modelled: those spaces are said
    # not analysed, and the tooltip says why; Mat, which the pass leaves alone, is exact.
    assert lens.command.title.startswith("Mat 262,144 / 524,288 bytes")
    assert "Left not analysed" in lens.command.title and "Acc not analysed" in lens.command.title
    assert lens.command.tooltip is not None and "AutoTileMatmulL0" in lens.command.tooltip
    assert lens.range.start.line == text.split("\n").index(
        '        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):'
    )


# ---------------------------------------------------------------- 8. the memory lens: on the definition, clickable

KERNELS = """import pypto.language as pl


@pl.program
class Kernels:
    @pl.function(
        type=pl.FunctionType.InCore,
    )
    def scale(
        self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(x, [0, 0], [64, 64])
        out = pl.store(pl.mul(t, 2.0), [0, 0], out)
        return out
"""


async def test_the_memory_lens_sits_above_the_decorators_and_opens_the_memory_view(editor: RecordingClient):
    open_document(editor, KERNELS, URI)
    await wait_for_version(editor, URI, 1)
    [lens] = await _lenses(editor)
    lines = KERNELS.split("\n")
    # Above `@pl.function(`: never between a decorator and its `def`.
    assert lens.range.start.line == lines.index("    @pl.function(")
    assert lens.command is not None and lens.command.title.startswith("Vec ")
    assert lens.command.command == "ptoLsp.showMemory"
    assert list(lens.command.arguments or []) == [URI, "scale"]
    # What the click opens: the server's memory view of that kernel.
    shown = await editor.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="pto.showMemory", arguments=[URI, "scale"])
    )
    assert "Kernels.scale" in shown and "Vec" in shown


# ---------------------------------------------------------------- 7. PTO801 on the allocation that crosses capacity


async def test_the_capacity_error_is_on_the_tile_that_crosses_it_with_the_scope_and_the_live_buffers(
    editor: RecordingClient,
):
    text = (REPO / "tests" / "data" / "memory_cases" / "vec_overflow.py").read_text()
    open_document(editor, text, URI)
    [error] = [d for d in await wait_for_version(editor, URI, 1) if d.code == "PTO801"]
    lines = text.split("\n")
    # tb's buffer (at 131,072) ends past Vec's 188,416 bytes: the load that makes tb.
    assert error.range.start.line == lines.index("        tb = pl.load(b, [0, 0], [128, 256])")
    related = [(info.location.range.start.line, info.message) for info in error.related_information or []]
    assert related[0][0] == lines.index("    @pl.function(type=pl.FunctionType.InCore)") + 1  # the `def`
    assert "kernel 'add_big'" in related[0][1] and "'tb'" in related[0][1]
    live = {line for line, message in related[1:] if message.startswith("live at the same time")}
    assert lines.index("        ta = pl.load(a, [0, 0], [128, 256])") in live


# ---------------------------------------------------------------- 4. quick fixes wherever unambiguous

TILE_ON_TENSOR = """import pypto.language as pl


@pl.program
class TileOnTensor:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(
        self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32] = pl.tile.exp(x)
        out = pl.store(t, [0, 0], out)
        return out
"""
MATMUL_B = (EXAMPLES / "mistake_matmul_inner_dim.py").read_text()
MATMUL_A = MATMUL_B.replace("q: pl.Tensor[[64, 128], pl.FP16]", "q: pl.Tensor[[128, 64], pl.FP16]").replace(
    "k: pl.Tensor[[64, 128], pl.FP16]", "k: pl.Tensor[[128, 64], pl.FP16]"
)


@pytest.mark.parametrize(
    ("text", "code", "title", "fixed_text"),
    [
        (
            MATMUL_B,
            "PTO504",
            "Transpose the operand: b_trans=True",
            "pl.matmul(q, k, out_dtype=pl.FP32, b_trans=True)",
        ),
        (
            MATMUL_A,
            "PTO504",
            "Transpose the operand: a_trans=True",
            "pl.matmul(q, k, out_dtype=pl.FP32, a_trans=True)",
        ),
        (
            (EXAMPLES / "mistake_load_cache.py").read_text(),
            "PTO110",
            "Use cache=pl.CachePolicy.BYPASS",
            "cache=pl.CachePolicy.BYPASS",
        ),
        (
            TILE_ON_TENSOR.replace("pl.tile.exp(x)", "pl.exp(pl.load(xx, [0, 0], [64, 64]))"),
            "PTO505",
            "Did you mean 'x'?",
            "pl.exp(pl.load(x, [0, 0], [64, 64]))",
        ),
        (
            TILE_ON_TENSOR,
            "PTO504",
            "Load 'x' into a tile first (pl.load of the whole tensor)",
            "pl.tile.exp(pl.load(x, [0, 0], [64, 64]))",
        ),
    ],
    ids=["matmul b_trans", "matmul a_trans", "cache= member", "undefined name", "tile op on a tensor"],
)
async def test_each_new_quick_fix_applied_leaves_the_file_clean_of_its_mistake(
    editor: RecordingClient, text: str, code: str, title: str, fixed_text: str
):
    open_document(editor, text, URI)
    before = [d for d in await wait_for_version(editor, URI, 1) if d.severity == lsp.DiagnosticSeverity.Error]
    [mistake] = [d for d in before if d.code == code]
    fixes = await quick_fixes_for(editor, URI, mistake)
    chosen = [fix for fix in fixes if fix.title == title]
    assert chosen, [fix.title for fix in fixes]
    assert chosen[0].edit is not None and chosen[0].edit.changes is not None
    fixed = apply_edits(text, chosen[0].edit.changes[URI])
    assert fixed_text in fixed
    replace_all(editor, URI, 2, fixed)
    after = [d for d in await wait_for_version(editor, URI, 2) if d.severity == lsp.DiagnosticSeverity.Error]
    assert len(after) < len(before) and after == [], [(d.code, d.message) for d in after]
    # `check`, the same analysis the CLI runs, agrees: clean of that mistake.
    assert ":" not in _cli_errors(fixed), _cli_errors(fixed)


def _cli_errors(text: str) -> str:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fixed.py"
        path.write_text(text)
        run = run_pto_lsp("check", str(path))
        return "\n".join(line for line in run.stdout.splitlines() if "error[" in line)


# ---------------------------------------------------------------- 10. a picture of on-chip memory


def test_compile_emit_memory_draws_each_buffer_against_program_points_with_capacity_and_peak():
    run = run_pto_lsp(
        "compile", str(REPO / "tests" / "data" / "memory_cases" / "vec_overflow.py"), "--emit", "memory"
    )
    lines = run.stdout.splitlines()
    assert "Overflow.add_big (line 7): Vec 262,144 / 188,416 bytes" in lines  # the use line stays
    rows = {line.split()[-3]: line for line in lines if line.strip().startswith("[")}
    # tb is placed above ta's buffer and lives over the add only: its bar starts after ta's
    assert "[131,072, 262,144)" in rows["tb"] and "[0, 131,072)" in rows["ta"]
    bar = lambda row: row.split("|")[1]  # noqa: E731
    assert bar(rows["ta"]).index("#") < bar(rows["tb"]).index("#")
    assert any("-- capacity 188,416" in line and "exceeded: 262,144" in line for line in lines)
    [peak] = [line for line in lines if "peak at point" in line]
    assert "262,144 bytes live" in peak and "ta" in peak and "tb" in peak


async def test_the_memory_view_model_follows_the_edit(editor: RecordingClient):
    text = (REPO / "tests" / "data" / "memory_cases" / "vec_fits.py").read_text()
    open_document(editor, text, URI)
    await wait_for_version(editor, URI, 1)
    args = [URI, "", "json"]
    model = await editor.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="pto.showMemory", arguments=args)
    )
    [kernel] = model["kernels"]
    [vec] = kernel["spaces"]
    assert vec["space"] == "Vec" and vec["capacity"] == 188416 and vec["exact"]
    assert all(b["address"] is not None and b["first"] <= b["last"] for b in vec["buffers"])

    def live_bytes(point: int) -> int:
        return sum(
            size
            for _, size in {
                (b["address"], b["size"]) for b in vec["buffers"] if b["first"] <= point <= b["last"]
            }
        )

    assert vec["peak_bytes"] == max(live_bytes(point) for point in range(kernel["points"]))
    assert set(vec["peak_tiles"]) <= {b["tile"] for b in vec["buffers"]}
    # An edit that halves the tiles: the model of the new version says so.
    smaller = text.replace("[64, 256]", "[32, 256]")
    replace_all(editor, URI, 2, smaller)
    await wait_for_version(editor, URI, 2)
    after = await editor.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="pto.showMemory", arguments=args)
    )
    assert after["kernels"][0]["spaces"][0]["used"] == vec["used"] // 2
