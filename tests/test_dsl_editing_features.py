"""The editing features' own rules, in process (the LSP round trips are in
test_lsp_dsl_editing.py): which call the cursor is in, which parameter it is on, which
real names a typo may have meant, and what follows `pl.`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler import Severity, analyse_source
from compiler.syntax.unit_scan import UnitSource, cut_units
from pto_lsp.features.completion import ItemKind, dsl_completions
from pto_lsp.features.pl_catalogue import DTYPES, ENUMS, closest_names
from pto_lsp.features.quick_fixes import quick_fixes
from pto_lsp.features.signature_help import signature_at
from pto_lsp.features.source_edits import Edit, SourceText


def active(text: str, aliases: tuple[str, ...] = ("pl",)) -> str | None:
    """The parameter the cursor at the end of `text` is on, as the signature shows it."""
    found = signature_at(text, aliases)
    assert found is not None
    if found.active is None:
        return None
    start, end = found.parameters[found.active]
    return found.label[start:end]


@pytest.mark.parametrize(
    ("text", "parameter"),
    [
        ("x = pl.load(", "tensor"),
        ("x = pl.load(a, [0, ", "offsets"),  # inside a list argument
        ("x = pl.load(a, [0, 0], [64, 64], ", "valid_shape=..."),
        ("x = pl.load(a, [0, 0], [64, 64], clamp=", "clamp=..."),
        ("x = pl.load(a, [0, 0], [64, 64], clamp == ", "valid_shape=..."),  # a comparison, no keyword
        ("x = pl.tile.store(t,\n    [0, 0],\n    out", "output_tensor"),
        ('y = pl.add(a, "(,"', "rhs"),  # brackets and commas in a string do not count
        ("y = pl.add(a, f(b, c", "rhs"),  # nor those of a nested call
        ("pl.system.sync_set(1, pipe=", "pipe"),
        ("y = pl.add(a, b, ", None),  # past the last parameter
        ("y = pl.load(a, valid_shape=[1], [0]", None),  # positional after keyword fills nothing
    ],
)
def test_the_active_parameter_follows_the_arguments_typed(text: str, parameter: str | None):
    assert active(text) == parameter


@pytest.mark.parametrize(
    "text",
    [
        "y = pl.add(a, b)",  # the call is closed
        "y = foo(",  # not an op
        "y = pl.nope(",  # not a real op
        "# pl.add(",  # in a comment
        "y = pl.add(a, 'b",  # in a string
        "y = pl.add(a, b))",  # unbalanced
        "y = x.pl.add(",  # `pl` is not the module here
        "",
    ],
)
def test_no_signature_outside_a_pl_op_call(text: str):
    assert signature_at(text, ("pl",)) is None


def test_the_signature_is_spelt_with_the_modules_alias_and_hides_span():
    found = signature_at("lang.system.sync_set(", ("lang",))
    assert found is not None
    assert found.label == "lang.system.sync_set(event_id, *, pipe, ffts_mode=..., core_type=...)"
    assert signature_at("pl.system.sync_set(", ("lang",)) is None


@pytest.mark.parametrize(
    ("typo", "candidates", "meant"),
    [
        ("Incore", ENUMS["FunctionType"], ["InCore"]),
        ("Orchestrator", ENUMS["FunctionType"], ["Orchestration"]),
        ("CORE", ENUMS["Level"], ["CORE_GROUP"]),
        ("BYPAS", ENUMS["CachePolicy"], ["BYPASS"]),
        ("FP33", DTYPES, ["FP32"]),
        ("fp32", DTYPES, ["FP32"]),
        ("Subworker", ENUMS["Role"], ["SubWorker"]),
        ("zzqqxx", DTYPES, []),
    ],
)
def test_the_closest_real_names_to_a_typo(typo: str, candidates: tuple[str, ...], meant: list[str]):
    assert closest_names(typo, list(candidates)) == meant


def test_after_the_module_come_ops_namespaces_enums_and_dtypes():
    entries = {entry.label: entry for entry in dsl_completions("    x = pl.", ["pl"])}
    assert entries["load"].kind is ItemKind.FUNCTION
    assert entries["load"].detail.startswith("pl.load(tensor, offsets, shapes")
    assert entries["tensor"].kind is ItemKind.MODULE
    assert entries["FunctionType"].kind is ItemKind.ENUM
    assert entries["BF16"].kind is ItemKind.CONSTANT
    assert dsl_completions("    x = np.", ["pl"]) == []
    assert dsl_completions("    x = self.pl.", ["pl"]) == []


def test_after_an_enum_come_its_members():
    members = [entry.label for entry in dsl_completions("level=pl.Level.CO", ["pl"])]
    assert "CORE_GROUP" in members and "UNDEFINED" not in members
    assert dsl_completions("pl.CachePolicy.", ["pl"]) == []  # its own completion answers it


# --- every quick fix on the real compiler's verdicts leaves a file that checks clean ---------------

VERDICTS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "parser-verdicts"


def _source_text(text: str) -> SourceText:
    lines = text.split("\n")
    units = cut_units(text)

    def unit_at(line: int) -> UnitSource | None:
        return next((unit for unit in reversed(units) if unit.start_line <= line), None)

    return SourceText(lambda n: lines[n - 1] if 0 < n <= len(lines) else "", unit_at)


def _applied(text: str, edits: tuple[Edit, ...]) -> str:
    """The edits (1-based lines, UTF-8 byte columns) applied to `text`."""
    starts = [0]
    for line in text.encode("utf-8").split(b"\n")[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    raw = text.encode("utf-8")
    for edit in sorted(edits, key=lambda e: (e.span.start_line, e.span.start_col), reverse=True):
        begin = starts[edit.span.start_line - 1] + edit.span.start_col
        end = starts[edit.span.end_line - 1] + edit.span.end_col
        raw = raw[:begin] + edit.new_text.encode("utf-8") + raw[end:]
    return raw.decode("utf-8")


@pytest.mark.skipif(
    not VERDICTS.is_dir(), reason="the parser verdicts are not checked out beside the project"
)
def test_the_preferred_fix_of_each_rejected_verdict_leaves_a_clean_file():
    verdicts = json.loads((VERDICTS / "verdicts.json").read_text())
    fixed: dict[str, int] = {}
    for verdict in verdicts:
        if verdict["kind"] != "error":
            continue
        text = (VERDICTS / verdict["file"]).read_text()
        analysis = analyse_source(text)
        for diagnostic in analysis.diagnostics:
            # A guess (a close name for an undefined one) is offered, never preferred.
            preferred = [
                fix for fix in quick_fixes(analysis, _source_text(text), diagnostic) if fix.preferred
            ]
            if not preferred:
                continue
            after = analyse_source(_applied(text, preferred[0].edits)).diagnostics
            assert [d.message for d in after if d.severity == Severity.ERROR] == [], (
                verdict["file"],
                preferred[0].title,
            )
            fixed[verdict["category"]] = fixed.get(verdict["category"], 0) + 1
    # Each kind of mistake these fixes are for is met, and fixed, in the verdicts.
    for category in ("builtin_range", "misspelled_op", "unknown_tile_op", "unknown_tensor_op", "augassign",
                     "augassign_loop_counter", "function_type_typo", "at_unknown_level", "unknown_dtype_local",
                     "unknown_dtype_param", "unknown_dtype_kwarg", "lowercase_dtype_local"):  # fmt: skip
        assert fixed.get(category, 0) >= 1, category
