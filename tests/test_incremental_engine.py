"""The incremental engine equals a from-scratch analysis after any sequence of edits.

Edits go through the same path the server uses (LSP content changes spliced into
a Document's lines, its units cut again around them, units re-analysed only when
their fingerprint changed, moved units keeping their result); the reference is a
fresh engine on the final text.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import gc
import sys
import weakref
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lsp_client import apply_change, line_count
from lsprotocol import types as lsp
from pygls.protocol import default_converter

from compiler.analysis import analyse_unit, module_environment
from compiler.base.span import Span
from compiler.syntax.unit_scan import cut_units
from compiler.syntax.units import parse_unit
from pto_lsp.features.lsp_diagnostics import to_lsp
from pto_lsp.features.notes import editor_notes
from pto_lsp.features.publishing import DiagnosticPayloads
from pto_lsp.workspace.documents import Document
from pto_lsp.workspace.engine import AnalysisEngine
from pto_lsp.workspace.placement import moved as moved_to
from pto_lsp.workspace.placement import shift_diagnostics, shift_spans
from pto_lsp.workspace.positions import Encoding, LineIndex

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
from generate import generate_module  # noqa: E402

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.py"))
ALPHABET = st.sampled_from(
    [
        "a",
        "b",
        " ",
        "\n",
        "(",
        ")",
        "[",
        "]",
        ":",
        ",",
        "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)\n",
        "中",
        "😀",
        "\r\n",
        "    ",
        "#",
        '"',
    ]
)


def diagnostics_key(analysis) -> list[tuple]:
    return [(d.code, d.span, d.message) for d in analysis.diagnostics]


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(EXAMPLES) - 1), st.data())
def test_incremental_analysis_equals_a_fresh_one_after_random_edits(example_index, data):
    text = EXAMPLES[example_index].read_text()
    document = Document("file:///k.py", 1, text)
    engine = AnalysisEngine()
    engine.analyse("k.py", document.units())
    for version in range(2, data.draw(st.integers(3, 14))):
        lines = document.text.split("\n")
        line = data.draw(st.integers(0, len(lines) - 1))
        width = len(lines[line].encode("utf-16-le")) // 2
        start = data.draw(st.integers(0, width))
        end = data.draw(st.integers(start, width))
        insert = data.draw(st.lists(ALPHABET, max_size=3).map("".join))
        change = lsp.TextDocumentContentChangePartial(
            range=lsp.Range(start=lsp.Position(line, start), end=lsp.Position(line, end)), text=insert
        )
        document.apply([change], version, Encoding.UTF16)
        incremental = engine.analyse("k.py", document.units())
        fresh = AnalysisEngine().analyse_text("k.py", document.text)
        assert diagnostics_key(incremental) == diagnostics_key(fresh)
        # The document's tree was edited, not rebuilt: it must cut the text like a fresh parse.
        assert document.units() == Document("file:///k.py", version, document.text).units()


def test_an_edit_in_one_function_reanalyses_only_that_unit():
    text = "\n\n".join(path.read_text() for path in EXAMPLES[:3]).replace(
        "import pypto.language as pl\n", "", 2
    )
    document = Document("file:///k.py", 1, text)
    engine = AnalysisEngine()
    engine.analyse("k.py", document.units())
    before = engine.units_analysed
    last_line = len(document.text.split("\n")) - 2
    document.apply(
        [
            lsp.TextDocumentContentChangePartial(
                range=lsp.Range(start=lsp.Position(last_line, 0), end=lsp.Position(last_line, 0)), text=" "
            )
        ],
        2,
        Encoding.UTF16,
    )
    engine.analyse("k.py", document.units())
    assert engine.units_analysed - before == 1


# ---------------------------------------------------------------- the server's incremental path

CORPUS = sorted((REPO.parent / "shared" / "corpus" / "pypto-real").rglob("*.py"))
GENERATED = generate_module(250, seed=11)
URI = "file:///work/k.py"
CONVERTER = default_converter()
PIECES = st.sampled_from(
    [
        "x",
        " ",
        "\n",
        "\r",
        "\r\n",
        "(",
        ")",
        ":",
        "    ",
        '"""',
        "'",
        "\\",
        "#",
        "\f",
        "\t",
        "😀",
        "@pl.program\n",
        "else:\n",
        "TILE_M = 64\n",
        "import pypto.language as pl\n",
        "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)\n",
        "@pl.jit\ndef q(a: pl.Tensor, out: pl.Out[pl.Tensor]):\n    with pl.at(level=pl.Level.CORE_GROUP):\n"
        "        pl.set_cache_policy(a, pl.CachePolicy.BYPASS)\n        out = pl.store(pl.load(a, [0], [8]), [0], out)\n"
        "    return out\n",
    ]
)


def fresh_payloads(text: str) -> list:
    analysis = AnalysisEngine().analyse_text(URI, text)
    index = LineIndex(text)
    found = [*analysis.diagnostics, *editor_notes(analysis)]
    return [CONVERTER.unstructure(to_lsp(d, index, URI, Encoding.UTF16)) for d in found]


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([*EXAMPLES, GENERATED]), st.data())
def test_the_servers_path_equals_a_fresh_analysis_after_random_edits(start, data):
    """Edits spliced into the line table, units re-cut around them, the engine told which units
    changed (several edits may come between two analyses), diagnostics converted per unit and
    moved with their unit: the published payloads equal a fresh analysis, and so does the text."""
    text = start if isinstance(start, str) else start.read_text()
    document = Document(URI, 1, text)
    engine = AnalysisEngine()
    payloads = DiagnosticPayloads(URI)
    engine.analyse(URI, document.unit_list(), document.take_unit_changes())
    for version in range(2, data.draw(st.integers(3, 12))):
        for _ in range(data.draw(st.integers(1, 3))):
            lines = line_count(text)
            first = data.draw(st.integers(0, lines))
            last = data.draw(st.integers(first, first + 3))
            change = lsp.TextDocumentContentChangePartial(
                range=lsp.Range(
                    start=lsp.Position(first, data.draw(st.integers(0, 40))),
                    end=lsp.Position(last, data.draw(st.integers(0, 40))),
                ),
                text=data.draw(st.lists(PIECES, max_size=3).map("".join)),
            )
            text = apply_change(text, change)
            document.apply([change], version, Encoding.UTF16)
        assert document.text == text
        assert document.units() == cut_units(text)
        analysis = engine.analyse(URI, document.unit_list(), document.take_unit_changes())
        fresh = AnalysisEngine().analyse_text(URI, text)
        assert diagnostics_key(analysis) == diagnostics_key(fresh)
        published = payloads.payloads(analysis, document.line_index(), Encoding.UTF16, frozenset())
        assert published == fresh_payloads(text)
        # What the features read: IR and facts where the units are now.
        assert analysis.facts == fresh.facts
        assert shape((analysis.programs, analysis.functions)) == shape((fresh.programs, fresh.functions))


def test_units_are_the_top_level_statements_of_every_valid_file():
    for path in [*EXAMPLES, *CORPUS]:
        text = path.read_text(encoding="utf-8")
        starts: list[int] = []
        last_end = 0
        for node in ast.parse(text).body:
            line = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
            if line > last_end:  # statements sharing a line (`a = 1; b = 2`) are one unit
                starts.append(line)
            last_end = node.end_lineno or line
        units = cut_units(text)
        assert [unit.start_line for unit in units] == starts, path
        for unit in units:
            ast.parse(unit.text)


def test_a_unit_analysed_further_down_is_its_analysis_moved():
    """What lets a unit that only moved keep its result: analysing it k lines further down
    gives its diagnostics, facts and IR moved by k, and nothing else."""
    for path in [*EXAMPLES, *CORPUS]:
        units = [
            parse_unit(unit.text, unit.start_line) for unit in cut_units(path.read_text(encoding="utf-8"))
        ]
        env = module_environment(units)
        for unit in units:
            here, below = analyse_unit(unit, env), analyse_unit(unit.at(unit.start_line + 7), env)
            assert shift_diagnostics(here.published(), 7) == below.published(), path
            assert shift_spans(here.facts, 7) == below.facts, path
            moved = moved_to(here, 7)
            assert shape((moved.programs, moved.functions)) == shape((below.programs, below.functions)), path
            assert moved.diagnostics == below.diagnostics
            assert moved.statement_lines == below.statement_lines


def shape(value: object, seen: dict[int, int] | None = None) -> object:
    """A comparable picture of an IR tree: every field, every span, and which objects are shared."""
    seen = {} if seen is None else seen
    if isinstance(value, (int, float, str, bytes, type(None), enum.Enum, Span)):
        return value
    if isinstance(value, ast.AST):
        return ("ast", ast.dump(value, include_attributes=True))
    if id(value) in seen:
        return ("shared", seen[id(value)])
    seen[id(value)] = len(seen)
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(shape(item, seen) for item in value))
    if isinstance(value, dict):
        return ("dict", tuple((key, shape(item, seen)) for key, item in value.items()))
    if dataclasses.is_dataclass(value):
        fields = dataclasses.fields(value)  # type: ignore[arg-type]
        return (type(value).__name__, tuple((f.name, shape(getattr(value, f.name), seen)) for f in fields))
    return ("object", type(value).__name__)


def test_a_line_added_above_every_unit_analyses_nothing_again():
    document = Document(URI, 1, GENERATED)
    engine = AnalysisEngine()
    engine.analyse(URI, document.unit_list(), document.take_unit_changes())
    before = engine.units_analysed
    at = GENERATED.split("\n").index("CORE_NUM = 4")
    document.apply(
        [
            lsp.TextDocumentContentChangePartial(
                range=lsp.Range(start=lsp.Position(at, 0), end=lsp.Position(at, 0)), text="# moved\n"
            )
        ],
        2,
        Encoding.UTF16,
    )
    analysis = engine.analyse(URI, document.unit_list(), document.take_unit_changes())
    assert engine.units_analysed == before
    assert diagnostics_key(analysis) == diagnostics_key(AnalysisEngine().analyse_text(URI, document.text))


def test_a_window_holds_the_units_over_the_lines_asked():
    analysis = AnalysisEngine().analyse_text(URI, GENERATED)
    lines = GENERATED.split("\n")
    middle = lines.index("@pl.program", len(lines) // 2) + 1
    window = analysis.window(middle + 3, middle + 3)
    assert [program.name for program in window.programs] == [lines[middle].split()[1].split(":")[0]]
    assert window.whole is analysis
    following = lines.index("@pl.program", middle) + 1  # the next program's first line
    assert window.diagnostics == [d for d in analysis.diagnostics if middle <= d.span.start_line < following]
    everything = analysis.window(1, len(lines))
    assert [p.name for p in everything.programs] == [p.name for p in analysis.programs]
    assert diagnostics_key(everything) == diagnostics_key(analysis)


def test_two_programs_whose_kernels_share_a_name_each_get_their_warning():
    """The real compiler compiles each program on its own: one warning per tensor per kernel
    of each program, and a unit's warnings never depend on another unit."""
    program = (
        "@pl.program\nclass {name}:\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
        "    def main(self, b: pl.Tensor[[256, 128], pl.FP32], out: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):\n"
        "        for i in pl.spmd(2):\n            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)\n"
        "            t = pl.load(b, [i * 128, 0], [128, 128])\n            out = pl.store(t, [i * 128, 0], out)\n"
        "        return out\n"
    )
    text = "import pypto.language as pl\n\n\n" + program.format(name="A") + "\n\n" + program.format(name="B")
    warnings = [d for d in AnalysisEngine().analyse_text(URI, text).diagnostics if d.code == "PTO301"]
    assert len(warnings) == 2
    assert [len(w.related) for w in warnings] == [1, 1]


def test_an_analysis_is_freed_as_soon_as_it_is_dropped():
    """The server freezes what it keeps out of the collector's sight (`gc.freeze`): anything in
    a reference cycle would outlive its document. Reference counting alone must free an analysis,
    its windows and its units."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        analysis = AnalysisEngine().analyse_text(URI, GENERATED)
        window = analysis.window(1, 400)
        assert window.whole is analysis and window.diagnostics
        unit = analysis.placed[0].current()
        freed = [weakref.ref(analysis), weakref.ref(window), weakref.ref(unit), weakref.ref(unit.facts)]
        del analysis, window, unit
        assert [ref() for ref in freed] == [None] * len(freed)
    finally:
        if collecting:
            gc.enable()


def test_analysing_and_publishing_leave_nothing_for_the_collector():
    """What the server froze and then dropped is freed only if no reference cycle holds it:
    analysing a module, converting its diagnostics and asking for its facts make none."""

    def everything(uri: str) -> None:
        engine, document = AnalysisEngine(), Document(uri, 1, GENERATED)
        analysis = engine.analyse(uri, document.unit_list(), None)
        DiagnosticPayloads(uri).publication(analysis, document.line_index(), Encoding.UTF16, frozenset())
        assert analysis.facts.reads and analysis.window(1, 200).diagnostics

    everything("file:///warm.py")  # the converters' hooks are made on first use, once
    collecting = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        everything(URI)
        assert gc.collect() == 0
    finally:
        if collecting:
            gc.enable()


def test_a_module_level_kernels_hints_follow_the_program_calling_it():
    """A module-level kernel's hints come with a program's call of it (the real parser adds it
    to that program): an edit of the program alone takes them away and brings them back, and
    lines inserted between the two move nothing but the program."""
    from test_perf_hints import MODULE_KERNEL

    def hint_lines(analysis) -> list[int]:
        return [d.span.start_line for d in analysis.diagnostics if d.code == "PTO631"]

    document = Document("file:///k.py", 1, MODULE_KERNEL)
    engine = AnalysisEngine()
    assert hint_lines(engine.analyse("k.py", document.units())) == [9, 10]
    call = MODULE_KERNEL.split("\n").index("        out = kernel(a, out)")

    def edit(version: int, line: int, start: int, end: int, text: str) -> list[int]:
        change = lsp.TextDocumentContentChangePartial(
            range=lsp.Range(start=lsp.Position(line, start), end=lsp.Position(line, end)), text=text
        )
        document.apply([change], version, Encoding.UTF16)
        incremental = engine.analyse("k.py", document.units())
        assert diagnostics_key(incremental) == diagnostics_key(
            AnalysisEngine().analyse_text("k.py", document.text)
        )
        return hint_lines(incremental)

    assert edit(2, call, 14, 20, "pl.add") == []  # `out = pl.add(a, out)`: no call of the kernel
    assert edit(3, call, 14, 20, "kernel") == [9, 10]
    assert edit(4, 13, 0, 0, "\n\n") == [9, 10]  # blank lines above the program only
