"""The author's own PyPTO as a second opinion (issue 30): the real compiler on save, in a
worker process, through an LSP client and through `pto-lsp check --pypto`.

CI has no PyPTO: a fake one (tests/fake_pypto.py) prints, raises and writes what the real
compiler recorded (tests/data/pypto_check/recorded.json), or crashes, hangs, allocates.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from conftest import SERVER
from fake_pypto import install, kernel, no_pypto_python
from lsp_client import RecordingClient, change, open_document, until_loaded, wait_for_version
from lsprotocol import types as lsp
from pytest_lsp import client_capabilities
from raw_lsp import RawServer

from pto_lsp.features.real_diagnostics import (
    ERROR,
    INFORMATION,
    WARNING,
    disagreement,
    real_diagnostics,
    to_payload,
    without_repeats,
)
from pto_lsp.workspace.positions import Encoding, LineIndex

RECORDED = json.loads((Path(__file__).parent / "data" / "pypto_check" / "recorded.json").read_text())
FOLDER = Path(tempfile.mkdtemp(prefix="pto-lsp-fake-pypto-"))
PYTHON = install(FOLDER)
NO_PYPTO = no_pypto_python(FOLDER)
STATUS = "pto/pyptoCheck"


# ------------------------------------------------------------ reading what the real compiler said


def test_a_real_warning_is_a_warning_on_its_line_and_column() -> None:
    line = RECORDED["warning_lines"][
        0
    ]  # ... at corpus/pypto-real/pypto/examples/models/04_paged_attention.py:363:25
    path = "/somewhere/corpus/pypto-real/pypto/examples/models/04_paged_attention.py"
    record = {
        "import": None,
        "programs": [{"exception": None, "stderr": f"noise\n{line}\n", "perf_hints": ""}],
    }
    [found] = real_diagnostics(record, path, "")
    assert (found.line, found.column, found.severity, found.code) == (363, 25, WARNING, "UnusedVariableCheck")
    assert found.message == "Unused variable '_out_view' in function 'paged_attention'"


def test_a_warning_of_another_file_is_on_the_first_line_with_where_it_is() -> None:
    line = RECORDED["warning_lines"][0]
    record = {"import": None, "programs": [{"exception": None, "stderr": line, "perf_hints": ""}]}
    [found] = real_diagnostics(record, "/elsewhere/kernel.py", "")
    assert found.line == 1
    assert found.message.endswith("(at corpus/pypto-real/pypto/examples/models/04_paged_attention.py:363:25)")


def test_every_item_of_a_verifier_report_is_an_error_at_its_location() -> None:
    exception = {"class": "VerificationError", "message": RECORDED["verifier_exception"], "span": None}
    record = {"import": None, "programs": [{"exception": exception, "stderr": "", "perf_hints": ""}]}
    found = real_diagnostics(record, "/w/kernels/for_kind_mismatch.py", "")
    expected = [(d["line"], d["col"], d["message"]) for d in RECORDED["verifier_items"]]
    assert [(d.line, d.column, d.message) for d in found] == expected
    assert {(d.severity, d.code) for d in found} == {(ERROR, "TypeCheck")}


def test_perf_hints_are_notes_on_their_lines() -> None:
    record = {
        "import": None,
        "programs": [{"exception": None, "stderr": "", "perf_hints": RECORDED["perf_hints_log"]}],
    }
    found = real_diagnostics(record, "/x/" + RECORDED["perf_hints_file"], "")
    logged = [text for text in RECORDED["perf_hints_log"].splitlines() if text.startswith("[perf_hint")]
    assert len(found) == len(logged) > 0
    assert {(d.severity, d.code) for d in found} == {(INFORMATION, "PH001")}
    assert (found[0].line, found[0].column) == (71, 21)
    assert found[0].message.startswith("TileInnermostDimGranularity: tile.store has innermost dim = 256B")


def test_memory_reuses_stage_sharing_hint_is_a_note_on_the_kernels_line() -> None:
    """PH-MR-001, as the real compile logged it for tests/data/pipelined_memory/pipeline_vec_by_soc.py."""
    verdicts = json.loads((Path(__file__).parent / "data" / "pipelined_memory" / "verdicts.json").read_text())
    [log] = verdicts["pipeline_vec_by_soc.py"]["PipelineBySoc"]["910B"]["hints"]
    record = {"import": None, "programs": [{"exception": None, "stderr": "", "perf_hints": log}]}
    [found] = real_diagnostics(record, "/x/pipeline_vec_by_soc.py", "")
    assert (found.severity, found.code, found.line, found.column) == (INFORMATION, "PH-MR-001", 7, 5)
    assert found.message.startswith("MemoryReuse: software pipelining requested depth 4 for pipeline group 0")


def test_a_parser_error_is_at_its_span_and_the_column_is_a_utf8_byte_column() -> None:
    text = "x = 'é'; y = z\n"
    exception = {
        "class": "UndefinedVariableError",
        "message": "Undefined variable 'z'",
        "span": {"filename": "/w/k.py", "begin_line": 1, "begin_column": 15},  # 1-based bytes: 'é' is 2
    }
    [found] = real_diagnostics({"import": exception, "programs": []}, "/w/k.py", text)
    payload = to_payload(found, LineIndex(text))
    assert payload["range"] == {"start": {"line": 0, "character": 13}, "end": {"line": 0, "character": 14}}
    assert payload["source"] == "pypto"


def test_an_error_pto_lsp_already_reports_at_the_same_place_shows_once() -> None:
    at = {"start": {"line": 3, "character": 4}, "end": {"line": 3, "character": 9}}
    static = [{"range": at, "message": "same words", "severity": ERROR}]
    real = [
        {"range": at, "message": "same words", "severity": ERROR, "source": "pypto"},
        {"range": at, "message": "other words", "severity": ERROR, "source": "pypto"},
    ]
    assert [p["message"] for p in without_repeats(real, static)] == ["other words"]
    assert not disagreement(static, real[:1])
    assert disagreement(static, real).pypto_only == [(4, "error", "other words")]


# ------------------------------------------------------------ through an LSP client


def options(**check: Any) -> dict[str, Any]:
    return {"ptoLsp": {"debounceMs": 0, "typingPauseMs": 0, "pyptoCheck": check}}


async def start(client: RecordingClient, initialization: dict[str, Any]) -> list[dict[str, Any]]:
    statuses: list[dict[str, Any]] = []
    client.feature(STATUS)(lambda params: statuses.append(_as_dict(params)))
    await client.initialize_session(
        lsp.InitializeParams(
            capabilities=client_capabilities("neovim"), initialization_options=initialization
        )
    )
    return statuses


def _as_dict(params: Any) -> dict[str, Any]:
    """A custom notification's params (pygls gives them as a named tuple)."""
    return params if isinstance(params, dict) else dict(params._asdict())


ENABLED = options(enabled=True, python=str(PYTHON), timeoutSeconds=3, memoryMb=512)


@pytest_lsp.fixture(config=SERVER)
async def checking(lsp_client: RecordingClient):
    lsp_client.statuses = await start(lsp_client, ENABLED)  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def not_enabled(lsp_client: RecordingClient):
    # What an untrusted VS Code workspace sends (the extension passes no pyptoCheck), and
    # any editor's default.
    lsp_client.statuses = await start(lsp_client, {"ptoLsp": {"debounceMs": 0}})  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def without_pypto(lsp_client: RecordingClient):
    lsp_client.statuses = await start(lsp_client, options(enabled=True, python=str(NO_PYPTO)))  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


def write_kernel(name: str, body: str) -> tuple[Path, str]:
    path = FOLDER / "kernels" / name
    path.parent.mkdir(exist_ok=True)
    text = kernel(body)
    path.write_text(text, encoding="utf-8")
    return path, text


def save(client: RecordingClient, uri: str) -> None:
    client.text_document_did_save(
        lsp.DidSaveTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=uri))
    )


async def status_of(
    client: RecordingClient, uri: str, skip: int = 0, timeout: float = 30.0
) -> dict[str, Any]:
    """The first status of a finished check of `uri` (after `skip` of them)."""

    async def finished() -> dict[str, Any]:
        while True:
            ended = [s for s in client.statuses if s["uri"] == uri and s["state"] != "running"]  # type: ignore[attr-defined]
            if len(ended) > skip:
                return ended[skip]
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(finished(), timeout)


async def pypto_diagnostics(client: RecordingClient, uri: str, timeout: float = 30.0) -> list[lsp.Diagnostic]:
    async def published() -> list[lsp.Diagnostic]:
        while True:
            found = [d for d in client.diagnostics.get(uri, []) if d.source == "pypto"]
            if found:
                return found
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(published(), timeout)


async def opened(client: RecordingClient, path: Path, text: str) -> str:
    uri = path.as_uri()
    open_document(client, text, uri)
    await wait_for_version(client, uri, 1)
    await until_loaded(client, uri)
    return uri


async def test_a_saved_kernel_gets_the_real_compilers_warnings_on_their_lines(
    checking: RecordingClient,
) -> None:
    path = FOLDER / "kernels" / "warns.py"
    line = f"[warning] [UnusedVariableCheck] (pipeline_input) Unused variable 'x' in function 'f' at {path}:4:1\n"
    path, text = write_kernel("warns.py", f"prog = ir.Program('stderr', {line!r})\n")
    uri = await opened(checking, path, text)
    save(checking, uri)
    [found] = await pypto_diagnostics(checking, uri)
    assert (found.range.start.line, found.severity, found.code) == (
        3,
        lsp.DiagnosticSeverity.Warning,
        "UnusedVariableCheck",
    )
    assert found.message == "Unused variable 'x' in function 'f'"
    status = await status_of(checking, uri)
    assert status["state"] == "done" and status["pyptoVersion"] == "0.0.0+fake" and status["seconds"] > 0
    # pto-lsp does not report that variable: the disagreement is logged, with both answers.
    logged = [m.message for m in checking.log_messages if "disagree" in m.message]
    assert logged and "pypto only:   line 4: warning: Unused variable 'x' in function 'f'" in logged[0]


async def test_a_kernel_the_real_compiler_accepts_gets_nothing_from_it(checking: RecordingClient) -> None:
    path, text = write_kernel("accepted.py", "prog = ir.Program('accept')\n")
    uri = await opened(checking, path, text)
    save(checking, uri)
    assert (await status_of(checking, uri))["state"] == "done"
    await until_loaded(checking, uri)
    assert [d for d in checking.diagnostics.get(uri, []) if d.source == "pypto"] == []


async def test_a_change_clears_the_last_saves_diagnostics(checking: RecordingClient) -> None:
    path, text = write_kernel(
        "raises.py", f"prog = ir.Program('raise', {RECORDED['verifier_exception']!r})\n"
    )
    uri = await opened(checking, path, text)
    save(checking, uri)
    await pypto_diagnostics(checking, uri)
    change(checking, 2, (0, 0), (0, 0), "# edited\n", uri)
    after = await wait_for_version(checking, uri, 2)
    assert [d for d in after if d.source == "pypto"] == []


async def test_an_error_both_report_at_the_same_place_shows_once(checking: RecordingClient) -> None:
    # pto-lsp reports the missing attribute as Python would; the real import raises it there.
    path, text = write_kernel("both.py", "x = pl.no_such_thing\n")
    uri = await opened(checking, path, text)
    static = [d for d in checking.diagnostics[uri] if d.severity == lsp.DiagnosticSeverity.Error]
    assert [d.message for d in static] == ["module 'pypto.language' has no attribute 'no_such_thing'"]
    save(checking, uri)
    assert (await status_of(checking, uri))["state"] == "done"
    await until_loaded(checking, uri)
    shown = [d for d in checking.diagnostics[uri] if d.severity == lsp.DiagnosticSeverity.Error]
    assert [d.message for d in shown] == [static[0].message]


async def test_a_hang_a_crash_and_the_memory_cap_end_the_check_not_the_server(
    checking: RecordingClient,
) -> None:
    for name, behaviour, state in (
        ("hangs.py", "hang", "timeout"),
        ("crashes.py", "crash", "crash"),
        ("allocates.py", "alloc", "memory"),
    ):
        path, text = write_kernel(name, f"prog = ir.Program({behaviour!r})\n")
        uri = await opened(checking, path, text)
        save(checking, uri)
        assert (await status_of(checking, uri))["state"] == state
    # The server and the worker both go on: the next check runs and publishes.
    path = FOLDER / "kernels" / "after.py"
    line = f"[warning] [R] (p) after the failures at {path}:4:1\n"
    path, text = write_kernel("after.py", f"prog = ir.Program('stderr', {line!r})\n")
    uri = await opened(checking, path, text)
    save(checking, uri)
    assert [d.message for d in await pypto_diagnostics(checking, uri)] == ["after the failures"]


async def test_a_newer_save_cancels_the_check_before_it(checking: RecordingClient) -> None:
    path, text = write_kernel("slow.py", "prog = ir.Program('slow', '2')\n")
    uri = await opened(checking, path, text)
    save(checking, uri)
    await asyncio.sleep(0.5)
    save(checking, uri)
    first, second = await status_of(checking, uri), await status_of(checking, uri, skip=1)
    assert (first["state"], second["state"]) == ("cancelled", "done")


async def test_without_the_setting_it_never_runs(not_enabled: RecordingClient, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path, text = write_kernel(
        "untrusted.py", f"open({str(marker)!r}, 'w').close()\nprog = ir.Program('accept')\n"
    )
    uri = await opened(not_enabled, path, text)
    save(not_enabled, uri)
    with pytest.raises(Exception, match="pypto check is off"):
        await not_enabled.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command="pto.checkWithPypto", arguments=[uri])
        )
    await asyncio.sleep(1.0)
    await until_loaded(not_enabled, uri)
    assert not marker.exists()
    assert not_enabled.statuses == []  # type: ignore[attr-defined]


async def test_the_command_checks_now(checking: RecordingClient) -> None:
    path = FOLDER / "kernels" / "command.py"
    line = f"[warning] [R] (p) by the command at {path}:4:1\n"
    path, text = write_kernel("command.py", f"prog = ir.Program('stderr', {line!r})\n")
    uri = await opened(checking, path, text)
    answer = await checking.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="pto.checkWithPypto", arguments=[uri])
    )
    assert answer["state"] == "done" and answer["pyptoVersion"] == "0.0.0+fake"
    assert [d.message for d in await pypto_diagnostics(checking, uri)] == ["by the command"]


async def test_no_pypto_is_said_and_the_server_goes_on(without_pypto: RecordingClient) -> None:
    path, text = write_kernel("nopypto.py", "prog = ir.Program('accept')\n")
    uri = await opened(without_pypto, path, text)
    save(without_pypto, uri)
    status = await status_of(without_pypto, uri)
    assert status["state"] == "unavailable"
    assert "cannot import pypto.language" in status["message"]
    await until_loaded(without_pypto, uri)


# ------------------------------------------------------------ pto-lsp check --pypto


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pto_lsp", "check", *args], capture_output=True, text=True, timeout=120
    )


def test_check_merges_the_real_compilers_diagnostics() -> None:
    path = FOLDER / "kernels" / "cli.py"
    line = f"[warning] [UnusedVariableCheck] (pipeline_input) Unused variable 'x' in function 'f' at {path}:4:1\n"
    path, _ = write_kernel("cli.py", f"prog = ir.Program('stderr', {line!r})\n")
    text = run_cli("--pypto", str(PYTHON), str(path))
    assert "cli.py:4:1: warning[pypto/UnusedVariableCheck] Unused variable 'x' in function 'f'" in text.stdout
    as_json = json.loads(run_cli("--pypto", str(PYTHON), "--format", "json", str(path)).stdout)
    [entry] = as_json["files"]
    [found] = [d for d in entry["diagnostics"] if d["source"] == "pypto"]
    assert found["range"]["start"] == {"line": 3, "character": 0}
    assert entry["pypto"]["pyptoVersion"] == "0.0.0+fake"


def test_check_disagreements_lists_only_the_files_where_the_two_differ() -> None:
    agree, _ = write_kernel("agree.py", "prog = ir.Program('accept')\n")
    differ, _ = write_kernel("differ.py", "y = 1 / 0\n")
    result = run_cli("--pypto", str(PYTHON), "--disagreements", str(agree), str(differ))
    assert result.returncode == 1
    assert "differ.py: pto-lsp and pypto 0.0.0+fake differ" in result.stdout
    assert "pypto only  : line 4: error: division by zero" in result.stdout
    assert "agree.py" not in result.stdout
    assert run_cli("--pypto", str(PYTHON), "--disagreements", str(agree)).returncode == 0


def test_check_with_an_interpreter_without_pypto_exits_2_and_says_why() -> None:
    path, _ = write_kernel("cli_nopypto.py", "prog = ir.Program('accept')\n")
    result = run_cli("--pypto", str(NO_PYPTO), str(path))
    assert result.returncode == 2
    assert "cannot import pypto.language" in result.stderr


# ------------------------------------------------------------ a server over the network


def saved_over_tcp(*args: str, marker: Path) -> list[dict[str, Any]]:
    """Open and save a kernel (that leaves `marker` when imported) on a `serve --tcp` server
    whose client enables the pypto check; the messages it sent in the next seconds."""
    path, text = write_kernel(
        f"tcp_{marker.name}.py", f"open({str(marker)!r}, 'w').close()\nprog = ir.Program('accept')\n"
    )
    with RawServer(*args, tcp=True) as server:
        server.call(
            "initialize",
            {"processId": None, "rootUri": None, "capabilities": {}, "initializationOptions": ENABLED},
        )
        server.notify("initialized", {})
        uri = path.as_uri()
        server.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}},
        )
        server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
        return server.quiet_for(3.0)


def test_a_tcp_server_never_runs_it_unless_its_command_line_says_so(tmp_path: Path) -> None:
    refused = saved_over_tcp(marker=tmp_path / "refused")
    assert not (tmp_path / "refused").exists()
    assert [m for m in refused if m.get("method") == STATUS] == []
    allowed = saved_over_tcp("--allow-pypto-check", marker=tmp_path / "allowed")
    assert (tmp_path / "allowed").exists()
    assert [m["params"]["state"] for m in allowed if m.get("method") == STATUS] == ["running", "done"]


# ------------------------------------------------------------ @pl.jit kernels

JIT_KERNEL = "@pl.jit\ndef kern(x):\n    return ir.Program('stderr', {line!r})\n"


def test_a_jit_kernel_without_build_specs_is_said_not_checked_and_why() -> None:
    path, _ = write_kernel("jit_no_specs.py", JIT_KERNEL.format(line=""))
    result = run_cli("--pypto", str(PYTHON), str(path))
    assert (
        "jit_no_specs.py:5:1: info[pypto/not-checked] kernel 'kern' not checked by pypto: its signature does not "
        "give every tensor's shape (TypeError: parameter 'x' has no shape in its annotation), and the file has no "
        "build_specs() to give a call's tensors"
    ) in result.stdout


def test_a_jit_kernel_with_its_shapes_in_its_signature_is_checked_without_build_specs() -> None:
    path = FOLDER / "kernels" / "jit_signature.py"
    line = f"[warning] [R] (p) from the signature at {path}:6:5\n"
    body = "@pl.jit\ndef kern(x: 'pl.Tensor[[16], pl.FP32]'):\n    return ir.Program('stderr', {line!r})\n"
    path, _ = write_kernel("jit_signature.py", body.format(line=line))
    result = run_cli("--pypto", str(PYTHON), str(path))
    assert "jit_signature.py:6:5: warning[pypto/R] from the signature" in result.stdout


def test_a_jit_kernel_is_specialised_by_the_files_own_build_specs() -> None:
    path = FOLDER / "kernels" / "jit_specs.py"
    line = f"[warning] [R] (p) in the specialised kernel at {path}:6:5\n"
    specs = "\n\ndef build_specs():\n    from types import SimpleNamespace\n    return [SimpleNamespace(name='x', value=2.0)]\n"
    path, _ = write_kernel("jit_specs.py", JIT_KERNEL.format(line=line) + specs)
    result = run_cli("--pypto", str(PYTHON), str(path))
    assert "jit_specs.py:6:5: warning[pypto/R] in the specialised kernel" in result.stdout
    assert "not checked" not in result.stdout


def test_what_the_kernel_file_prints_does_not_disturb_the_check() -> None:
    path = FOLDER / "kernels" / "prints.py"
    line = f"[warning] [R] (p) still read at {path}:5:1\n"
    body = f'print(\'{{"id": 1, "record": null}}\')\nprog = ir.Program("stderr", {line!r})\n'
    path, _ = write_kernel("prints.py", body)
    result = run_cli("--pypto", str(PYTHON), str(path))
    assert "prints.py:5:1: warning[pypto/R] still read" in result.stdout


def test_a_compile_error_that_names_its_place_is_shown_there_without_it() -> None:
    record = {
        "import": None,
        "programs": [{"exception": RECORDED["placed_exception"], "stderr": "", "perf_hints": ""}],
    }
    [found] = real_diagnostics(record, "/w/cases/tensor_create_too_large.py", "")
    assert (found.line, found.column, found.code) == (8, 15, "InternalError")
    assert found.message == (
        "tensor.create: tile size (1048576 bytes) exceeds buffer capacity (188416 bytes) for memory space 1"
    )


def test_the_programs_a_files_factories_build_are_checked_too() -> None:
    path = FOLDER / "kernels" / "factory.py"
    line = f"[warning] [R] (p) built by the factory at {path}:5:5\n"
    body = f"def build_program(size=16):\n    return ir.Program('stderr', {line!r})\n\n\ndef build_other(x):\n    raise AssertionError('never called: it needs an argument')\n"
    path, _ = write_kernel("factory.py", body)
    result = run_cli("--pypto", str(PYTHON), str(path))
    assert "factory.py:5:5: warning[pypto/R] built by the factory" in result.stdout
    assert "never called" not in result.stdout


async def test_the_real_compilers_own_dumps_of_the_last_save_are_shown_with_its_version(
    checking: RecordingClient,
) -> None:
    path, text = write_kernel("dumps.py", "prog = ir.Program('accept')\n")
    uri = await opened(checking, path, text)

    async def run(command: str, *arguments: str) -> Any:
        params = lsp.ExecuteCommandParams(command=command, arguments=[uri, *arguments])
        return await checking.workspace_execute_command_async(params)

    with pytest.raises(Exception, match="no pypto check of this file has finished"):
        await run("pto.showRealIR")
    save(checking, uri)
    assert (await status_of(checking, uri))["state"] == "done"
    after = await run("pto.showRealIR", "InlineFunctions")
    assert after.startswith(
        "# pypto 0.0.0+fake: the real compiler's dump 01_after_InlineFunctions of the last save (prog)"
    )
    assert "# fake dump 01_after_InlineFunctions of accept" in after
    assert "# fake dump 00_frontend of accept" in await run("pto.showRealIR", "parse")
    mlir = await run("pto.showRealMLIR")
    assert mlir == "// pypto 0.0.0+fake: kernels/aiv/k.pto of the last save (prog)\nmodule {}\n"


# ------------------------------------------------------------ records of the real compiler

SHARED = Path(__file__).resolve().parents[2] / "shared"
REAL_RECORDS = Path(__file__).parent / "data" / "pypto_check" / "real_records.json"


def _real_records(prefix: str) -> dict[str, Any]:
    if not REAL_RECORDS.exists() or not SHARED.is_dir():
        pytest.skip("no records of the real compiler (tests/record_pypto_check.py) or no ../shared")
    found = {k: v for k, v in json.loads(REAL_RECORDS.read_text()).items() if k.startswith(prefix)}
    if not found:
        pytest.skip(f"no record of {prefix}")
    return found


def test_every_recorded_real_parse_error_appears_exactly_where_the_real_compiler_said() -> None:
    """The real runs of tests/record_pypto_check.py, against the verdicts recorded before
    (../shared/corpus/parser-verdicts): the same error, message, line and column."""
    verdicts = {
        v["file"]: v["oracle"]
        for v in json.loads((SHARED / "corpus/parser-verdicts/verdicts.json").read_text())
    }
    for key, entry in _real_records("corpus/parser-verdicts/").items():
        verdict = verdicts[key.removeprefix("corpus/parser-verdicts/")]
        path = SHARED / key
        text = path.read_text(encoding="utf-8")
        errors = [d for d in real_diagnostics(entry["record"], str(path), text) if d.severity == ERROR]
        if verdict["accepted"]:  # by the parser and the passes: codegen was not part of the verdict
            assert [d for d in errors if d.code != "codegen"] == [], key
            continue
        first = errors[0]
        wording = (
            f"SyntaxError: {verdict['message']}"
            if verdict["error_class"] == "SyntaxError"
            else verdict["message"]
        )
        assert (first.code, first.message) == (verdict["error_class"], wording), key
        assert first.placed == (verdict.get("where") in ("span", "syntax")), key
        if verdict["line"] is not None:
            assert first.line == verdict["line"], key
        if verdict["col"] is not None and verdict.get("where") == "span":
            index = LineIndex(text)
            column = index.column(first.line, first.column - 1, Encoding.UTF32) + 1
            assert column == verdict["col"], key


def test_what_the_real_compiler_says_of_accepted_corpus_kernels_is_its_warnings_and_hints() -> None:
    """For corpus kernels the real compiler accepts: no error, and the warnings and perf hints
    are those its earlier full compile recorded (pass-dumps' perf_hints.log, corpus-warnings)."""
    index = json.loads((SHARED / "corpus/pass-dumps/index.json").read_text())
    warnings = (SHARED / "corpus/pass-dumps/corpus-warnings.txt").read_text().splitlines()
    for key, entry in _real_records("corpus/pypto-real/").items():
        if entry["record"] is None:
            continue
        found = real_diagnostics(
            entry["record"], str(SHARED / key), (SHARED / key).read_text(encoding="utf-8")
        )
        assert [d for d in found if d.severity == ERROR] == [], key
        logged: set[tuple[int, str]] = set()
        for program in (p for p in index if p["file"] == key):
            log = SHARED / "corpus/pass-dumps" / program["id"] / "perf_hints.log"
            if log.exists():
                logged |= {
                    (int(text.rsplit(":", 2)[1]), text.split("] ", 1)[1].rsplit(" at ", 1)[0])
                    for text in log.read_text().splitlines()
                    if text.startswith("[perf_hint")
                }
        hints = {(d.line, d.message) for d in found if d.code.startswith("PH")}
        assert hints <= logged, key  # a program the check compiles gives the hints recorded for it
        expected_warnings = {w.split(") ", 1)[1].rsplit(" at ", 1)[0] for w in warnings if f" at {key}:" in w}
        shown_warnings = {d.message for d in found if d.severity == WARNING}
        assert shown_warnings <= expected_warnings, key


def test_a_recorded_real_codegen_error_is_at_its_place_as_pto_lsp_words_it() -> None:
    """A program compiled in parts (L2): its codegen error, read from the report the
    exception names. The real compiler names no place for it: it agrees with pto-lsp's
    same message on line 52, and is shown once."""
    [(key, entry)] = _real_records("corpus/op-verdicts/cases/tile_op_in_orchestration__t_test_l2").items()
    path = SHARED / key
    found = real_diagnostics(entry["record"], str(path), path.read_text(encoding="utf-8"))
    errors = [(d.code, d.message, d.placed) for d in found if d.severity == ERROR]
    message = "Misplaced builtin op 'tile.alloc' in Orchestration function (should be inside InCore block)"
    assert errors == [("codegen", message, False)]
    real = [to_payload(d, LineIndex(path.read_text(encoding="utf-8"))) for d in found if d.severity == ERROR]
    static = [{"range": {"start": {"line": 51, "character": 16}}, "message": message, "severity": ERROR}]
    assert without_repeats(real, static) == [] and not disagreement(static, real)
