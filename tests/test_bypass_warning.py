"""The `[CacheBypassUnsupported]` codegen warning (reference §5.1, §6.6), through the CLI,
the API and an LSP client: once per tensor per kernel, on the declaration, with the
PTOAS issue linked; none when nothing asks for BYPASS or PTOAS lowers the hint, and
none when the real compiler never reaches codegen.

Two texts: `pto-lsp compile --emit mlir` prints the real codegen's log line verbatim
on stderr; the editor and `pto-lsp check` show a short message (their severity,
code, position and link stand beside it)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from cache_policy_programs import BYPASS_MARKER, TWO_BYPASSING_LOADS, at_program, small_matmul
from conftest import check_json, file_diagnostics, run_pto_lsp
from lsp_client import RecordingClient, change, open_document, wait_for_publication
from lsprotocol import types as lsp

from compiler import check_source

URL = "https://github.com/hw-native-sys/PTOAS/issues/1356"


def short(tensor: str) -> str:
    return (
        f"tensor '{tensor}' requests CachePolicy.BYPASS, but PTOAS has no L2-bypass path yet "
        "(https://github.com/hw-native-sys/PTOAS/issues/1356); compiling as an ordinary cached access"
    )


def verbatim(tensor: str, where: str) -> str:
    """The real codegen's LOG_WARN line (reference-cache-policy.md §5.1), word for word."""
    return (
        f"[warning] [CacheBypassUnsupported] tensor '{tensor}' requests CachePolicy.BYPASS, but PTOAS has no "
        f"L2-bypass path yet ({URL}); compiling as an ordinary cached access at {where}"
    )


# A program a pass rejects: BYPASS on a tensor its scope also writes (PTO202, OutlineIncoreScopes).
REJECTED_BY_A_PASS = textwrap.dedent(
    """\


    @pl.program
    class Rejected:
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, b: pl.Tensor[[512, 128], pl.FP32], out: pl.InOut[pl.Tensor[[512, 128], pl.FP32]]) -> pl.Tensor[[512, 128], pl.FP32]:
            for i in pl.spmd(4):
                pl.set_cache_policy(out, pl.CachePolicy.BYPASS)
                t: pl.Tile[[128, 128], pl.FP32] = pl.load(out, [i * 128, 0], [128, 128])
                out = pl.store(t, [i * 128, 0], out)
            return out
    """
)


def another_program(*markers: str) -> str:
    """P_AT's program under another name, to follow a module's first program."""
    return at_program(*markers).replace("class CachePolicyAt:", "class Other:").split("\n\n\n", 1)[1]


def line_of(source: str, needle: str) -> int:
    """1-based line of the first `needle`."""
    return source[: source.index(needle)].count("\n") + 1


def warnings_of(tmp_path: Path, source: str, *, status: int = 0) -> list[dict]:
    """The PTO301 diagnostics `pto-lsp check --format json` reports (the API agrees)."""
    path = tmp_path / "kernel.py"
    path.write_text(source)
    proc, report = check_json(path)
    assert proc.returncode == status  # a warning is not an error
    api = [d for d in check_source(source, str(path)) if d.code == "PTO301"]
    cli = [d for d in file_diagnostics(report, path) if d["code"] == "PTO301"]
    assert [d.message for d in api] == [d["message"] for d in cli]
    return cli


def test_an_undeclared_kernel_gets_no_warning(tmp_path):
    assert warnings_of(tmp_path, at_program()) == []


def test_a_declared_bypass_warns_once_with_a_short_message_and_links_the_ptoas_issue(tmp_path):
    source = at_program(BYPASS_MARKER)
    [warning] = warnings_of(tmp_path, source)
    assert warning["message"] == short("b")
    assert warning["severity"] == 2
    assert warning["codeDescription"] == {"href": URL}
    assert warning["range"]["start"] == {"line": line_of(source, BYPASS_MARKER) - 1, "character": 12}
    assert [item["location"]["range"]["start"]["line"] for item in warning["relatedInformation"]] == [
        line_of(source, "pl.matmul(") - 1
    ]


def test_check_text_says_the_severity_once_and_names_no_file_in_the_message(tmp_path):
    path = tmp_path / "kernel.py"
    source = at_program(BYPASS_MARKER)
    path.write_text(source)
    proc = run_pto_lsp("check", str(path))
    assert proc.returncode == 0
    assert proc.stdout.splitlines() == [
        f"{path}:{line_of(source, BYPASS_MARKER)}:13: warning[PTO301] {short('b')}",
        "Found 1 diagnostic in 1 file(s).",
    ]


def test_compile_emit_mlir_prints_the_real_codegen_warning_verbatim(tmp_path):
    path = tmp_path / "kernel.py"
    source = small_matmul(at_program(BYPASS_MARKER))
    path.write_text(source)
    proc = run_pto_lsp("compile", str(path), "--emit", "mlir")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines() == [verbatim("b", f"{path}:{line_of(source, 'pl.matmul(')}")]
    assert "// kernel: mm" in proc.stdout


def test_compile_names_the_file_as_the_user_gave_it(tmp_path):
    (tmp_path / "kernel.py").write_text(TWO_BYPASSING_LOADS)
    proc = run_pto_lsp("compile", "kernel.py", "--emit", "mlir", cwd=tmp_path)
    first_load = line_of(TWO_BYPASSING_LOADS, "top:")
    assert proc.stderr.splitlines() == [verbatim("x", f"kernel.py:{first_load}")]


def test_compile_warns_for_a_kernel_the_emitter_does_not_model_as_the_real_codegen_would():
    """`load_cache_kwarg.py` is a JIT kernel without static shapes: the real codegen emits it
    and warns for both tensors, in the order of their first loads."""
    example = Path(__file__).resolve().parent.parent / "examples" / "load_cache_kwarg.py"
    source = example.read_text()
    proc = run_pto_lsp("compile", str(example), "--emit", "mlir")
    warnings = [line for line in proc.stderr.splitlines() if line.startswith("[warning]")]
    assert warnings == [
        verbatim("x", f"{example}:{line_of(source, 'x_tile = pl.load(')}"),
        verbatim("b", f"{example}:{line_of(source, 'rest = pl.load(')}"),
    ]


def test_each_declared_tensor_warns_exactly_once(tmp_path):
    source = at_program(BYPASS_MARKER, "pl.set_cache_policy(a, pl.CachePolicy.BYPASS)")
    warnings = warnings_of(tmp_path, source)
    assert sorted(w["message"] for w in warnings) == [short("a"), short("b")]


def test_repeated_bypassing_loads_of_one_tensor_warn_once(tmp_path):
    [warning] = warnings_of(tmp_path, TWO_BYPASSING_LOADS)
    assert warning["message"] == short("x")
    assert len(warning["relatedInformation"]) == 2  # both loads it covers


def test_an_explicit_default_on_the_only_load_beats_the_declaration(tmp_path):
    source = TWO_BYPASSING_LOADS.replace("cache=pl.CachePolicy.BYPASS", "cache=pl.CachePolicy.DEFAULT")
    assert warnings_of(tmp_path, source) == []


def test_a_ptoas_that_lowers_the_hint_gets_no_warning(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.pto-lsp]\nptoasCachePolicy = "attribute"\n')
    path = tmp_path / "kernel.py"
    path.write_text(at_program(BYPASS_MARKER))
    _, report = check_json(path)
    assert file_diagnostics(report, path) == []


FRONT_END_ERRORS = {
    # The parser rejects the declarations of the very scope that asks for BYPASS (PTO107).
    "conflict in the scope": (
        at_program(BYPASS_MARKER, "pl.set_cache_policy(b, pl.CachePolicy.DEFAULT)"),
        "PTO107",
    ),
    # Another program of the file does not parse: importing the module fails, nothing compiles.
    "parser error elsewhere": (
        at_program(BYPASS_MARKER) + "\n\n" + another_program("pl.set_cache_policy(b)"),
        "PTO103",
    ),
    "Python syntax error elsewhere": (at_program(BYPASS_MARKER) + "\n\ndef broken(:\n    pass\n", "PTO001"),
}


@pytest.mark.parametrize("case", FRONT_END_ERRORS, ids=list(FRONT_END_ERRORS))
def test_a_file_the_front_end_rejects_gets_no_codegen_warning(tmp_path, case):
    source, error = FRONT_END_ERRORS[case]
    path = tmp_path / "kernel.py"
    assert warnings_of(tmp_path, source, status=1) == []
    _, report = check_json(path)
    assert error in [d["code"] for d in file_diagnostics(report, path)]
    proc = run_pto_lsp("check", str(path))
    assert "PTO301" not in proc.stdout and f"[{error}]" in proc.stdout


def test_a_rejected_file_checked_first_leaves_the_next_files_warnings(tmp_path):
    # One `check` of three files: the rejected one in the middle must not silence the
    # warnings of the files around it (it only stops its own module's codegen).
    warns = at_program(BYPASS_MARKER)
    rejected, error = FRONT_END_ERRORS["parser error elsewhere"]
    paths = [tmp_path / name for name in ("a_warns.py", "b_rejected.py", "c_warns.py")]
    for path, source in zip(paths, (warns, rejected, warns), strict=True):
        path.write_text(source)
    _, report = check_json(*paths)
    codes = [[d["code"] for d in file_diagnostics(report, path)] for path in paths]
    assert codes[0] == ["PTO301"] and codes[2] == ["PTO301"]
    assert error in codes[1] and "PTO301" not in codes[1]


def test_a_program_a_pass_rejects_gets_no_warning_and_the_next_program_still_does(tmp_path):
    source = TWO_BYPASSING_LOADS + REJECTED_BY_A_PASS
    path = tmp_path / "kernel.py"
    [warning] = warnings_of(tmp_path, source, status=1)
    assert warning["message"] == short("x")
    _, report = check_json(path)
    assert "PTO202" in [d["code"] for d in file_diagnostics(report, path)]


async def test_the_editor_shows_the_short_message_with_its_link(client: RecordingClient):
    uri = "file:///work/kernels/warn.py"
    client.set_configuration({"debounceMs": 0, "diagnostics": {"disabled": []}}, section="ptoLsp")
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings=None))
    source = at_program(BYPASS_MARKER)
    open_document(client, source, uri)
    published = await wait_for_publication(client, uri, lambda item: bool(item.diagnostics))
    [warning] = published.diagnostics
    assert warning.code == "PTO301" and warning.severity == lsp.DiagnosticSeverity.Warning
    assert warning.message == short("b")  # no "[warning]", no "at /work/kernels/warn.py:<line>"
    assert warning.code_description == lsp.CodeDescription(href=URL)
    assert warning.range.start == lsp.Position(line_of(source, BYPASS_MARKER) - 1, 12)


async def test_the_editor_drops_the_warning_while_the_file_does_not_parse(client: RecordingClient):
    """A parser error typed in another program hides the warning (the real compiler would
    never get to codegen); fixing it brings the warning back; lines added above move it."""
    uri = "file:///work/kernels/edit.py"
    client.set_configuration({"debounceMs": 0, "diagnostics": {"disabled": []}}, section="ptoLsp")
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings=None))
    first = at_program(BYPASS_MARKER)
    other = another_program("pl.set_cache_policy(b, pl.CachePolicy.DEFAULT)")
    source = first + "\n\n" + other
    open_document(client, source, uri)
    # (A publication before the server pulled the settings, without the warning, may come first.)
    published = await wait_for_publication(client, uri, lambda item: bool(item.diagnostics))
    assert [(d.code, d.message) for d in published.diagnostics] == [("PTO301", short("b"))]

    # `pl.set_cache_policy(b, pl.CachePolicy.DEFAULT)` -> `pl.set_cache_policy(b)` (PTO103) in `Other`.
    marker_line = line_of(source, "pl.set_cache_policy(b, pl.CachePolicy.DEFAULT)") - 1
    policy = ", pl.CachePolicy.DEFAULT"
    start = 12 + len("pl.set_cache_policy(b")
    change(client, 2, (marker_line, start), (marker_line, start + len(policy)), "", uri)
    # (Deleting a selection is a keystroke: the new error waits for the typing pause, and
    # the warning with it.)
    published = await wait_for_publication(
        client, uri, lambda item: item.version == 2 and any(d.code != "PTO301" for d in item.diagnostics)
    )
    assert [d.code for d in published.diagnostics] == ["PTO103"]

    change(client, 3, (marker_line, start), (marker_line, start), policy, uri)
    published = await wait_for_publication(client, uri, lambda item: item.version == 3)
    assert [(d.code, d.message) for d in published.diagnostics] == [("PTO301", short("b"))]

    change(client, 4, (0, 0), (0, 0), "# a comment\n# another\n", uri)
    published = await wait_for_publication(client, uri, lambda item: item.version == 4)
    [warning] = published.diagnostics
    assert warning.message == short("b")
    assert warning.range.start.line == line_of(source, BYPASS_MARKER) - 1 + 2
    assert [info.location.range.start.line for info in warning.related_information or []] == [
        line_of(source, "pl.matmul(") - 1 + 2
    ]
