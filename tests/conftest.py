"""Shared helpers for the test suite.

Every behaviour is checked through both front doors a user has: the CLI
(`pto-lsp check --format json`, LSP coordinates, run in this process through the
script's entry point `pto_lsp.cli.main`) and the Python API
(`compiler.check_source`, `ast` coordinates). `check()` runs both on one source
and `assert_diagnostics()` compares both against positions computed from the
source text itself, so a test names the offending text instead of counting
columns by hand.

Message texts are copied from `shared/spec/reference-cache-policy.md` §1.5/§1.6,
not imported from the implementation: the tests pin the spec, word for word.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import textwrap
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "pypto-real"
EXAMPLES = REPO / "examples"
# Real printer output and pass dumps of the demo programs (read in place, like the corpus).
SPEC_EXAMPLES = REPO.parent / "shared" / "spec" / "pypto-examples"

if str(REPO) not in sys.path:  # the API tests import `compiler` from the work tree
    sys.path.insert(0, str(REPO))

# --- message texts, verbatim from reference §1.5 / §1.6 ---------------------------------------

R1 = (
    "pl.set_cache_policy() must be a standalone statement directly inside a "
    "pl.at(...) / pl.spmd(...) scope body"
)
R3 = "pl.set_cache_policy() takes exactly two positional arguments (no keywords)"
R4 = "pl.set_cache_policy() first argument must be a bare variable name"
EXPECTED_ENUM = "Expected pl.CachePolicy.<name>"


def r2(kind: str) -> str:
    return f"pl.set_cache_policy() has nothing to attach to on this {kind} scope"


def r5(name: str) -> str:
    return f"pl.set_cache_policy() argument '{name}' is not defined at this point"


def r6(name: str, got: str) -> str:
    return f"pl.set_cache_policy() argument '{name}' is not a tensor (got {got})"


def r7(name: str, first: str, second: str) -> str:
    return f"pl.set_cache_policy() declares conflicting policies for '{name}' in one scope: {first} then {second}"


def unknown_policy(attr: str) -> str:
    return f"Unknown CachePolicy value: {attr}"


def load_cache(module: str, value: int) -> str:
    return (
        f"{module} operation 'load': The operator tile.load cache kwarg must be "
        f"CachePolicy.DEFAULT or CachePolicy.BYPASS, but got int {value}"
    )


# --- kernels to put a marker into -----------------------------------------------------------------

BYPASS = "pl.CachePolicy.BYPASS"
DEFAULT = "pl.CachePolicy.DEFAULT"

_PROGRAM = """\
import pypto.language as pl
{prelude}

@pl.program
class Kernel:
    {decorator}
    def main(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
{body}
        return out
"""

_DISPATCH_PROGRAM = """\
import pypto.language as pl


@pl.program
class Dispatch:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[512, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
        i = pl.tile.get_block_idx()
        offset = i * 128
        t = pl.load(a, [offset, 0], [128, 128])
        out = pl.store(t, [offset, 0], out)
        return out

    {decorator}
    def main(
        self,
        a: pl.Tensor[[512, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
{body}
        return out
"""


def _indent_body(body: str) -> str:
    return textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)


def program(body: str, *, decorator: str = "@pl.function", prelude: str = "") -> str:
    """A @pl.program whose one method `main(a, b, n, out)` has `body` (any indentation)."""
    return _PROGRAM.format(prelude=prelude, decorator=decorator, body=_indent_body(body))


def dispatch_program(
    body: str, *, decorator: str = "@pl.function(type=pl.FunctionType.Orchestration)"
) -> str:
    """A @pl.program with an InCore `kernel(a, out)` and an orchestrating `main(a, out)` with `body`."""
    return _DISPATCH_PROGRAM.format(decorator=decorator, body=_indent_body(body))


def at_scope(*lines: str) -> str:
    """A CORE_GROUP scope that reads `a` and `b` and writes `out`, with `lines` on its top level."""
    head = ['with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):']
    tail = ["c = pl.matmul(a, b, out_dtype=pl.FP32)", "out = pl.assemble(out, c, [0, 0])"]
    return "\n".join(head + ["    " + line for line in (*lines, *tail)])


# --- running the two front doors ------------------------------------------------------------------


def run_cli(
    *args: str, cwd: Path | None = None, prefix: Sequence[str] = ()
) -> subprocess.CompletedProcess[str]:
    """`pto-lsp check ARGS...` as a user would run it: in this process through the console
    script's entry point, or, under a command `prefix` (which needs a process of its own),
    as `python -m pto_lsp check` in a subprocess."""
    if prefix:
        return spawn_pto_lsp("check", *args, cwd=cwd, prefix=prefix)
    return run_pto_lsp("check", *args, cwd=cwd)


def run_pto_lsp(*args: str, cwd: Path | None = None, binary: bool = False) -> subprocess.CompletedProcess:
    """`pto-lsp ARGS...` (any subcommand) through the entry point the `pto-lsp` script calls,
    `pto_lsp.cli.main(argv)`, run in this process: its exit status, and stdout and stderr as
    the interpreter would write them (UTF-8; with `binary`, the exact bytes). Starting a
    Python per case cost most of the suite's time; `spawn_pto_lsp` and the tests that use
    it keep the real process (the script, `python -m`, exit codes, stderr) covered."""
    argv = list(args)
    out, err = _captured_stream(), _captured_stream()
    with _working_directory(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        returncode = _exit_status_of(argv)
    stdout, stderr = _written(out), _written(err)
    if binary:
        return subprocess.CompletedProcess(["pto-lsp", *argv], returncode, stdout, stderr)
    return subprocess.CompletedProcess(["pto-lsp", *argv], returncode, stdout.decode(), stderr.decode())


def spawn_pto_lsp(
    *args: str, cwd: Path | None = None, binary: bool = False, prefix: Sequence[str] = ()
) -> subprocess.CompletedProcess:
    """`python -m pto_lsp ARGS...` in a process of its own, as a user would run it; with
    `binary`, stdout and stderr are the exact bytes written."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    return subprocess.run(
        [*prefix, sys.executable, "-m", "pto_lsp", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        encoding=None if binary else "utf-8",
        timeout=600,
    )


def _exit_status_of(argv: list[str]) -> int:
    """What `sys.exit(main(argv))` would leave as the process's exit status."""
    from pto_lsp.cli import main

    try:
        return main(argv)
    except SystemExit as stop:  # argparse: bad usage (2), --help / --version (0)
        code = stop.code
        if code is None or isinstance(code, int):
            return code or 0
        print(code, file=sys.stderr)
        return 1
    except Exception:  # the interpreter's answer to an uncaught exception
        traceback.print_exc()
        return 1


def _captured_stream() -> io.TextIOWrapper:
    """A text stream like the interpreter's stdout/stderr on POSIX (UTF-8, "\n" kept)."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n", write_through=True)


def _written(stream: io.TextIOWrapper) -> bytes:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue()


@contextlib.contextmanager
def _working_directory(cwd: Path | None) -> Iterator[None]:
    """Relative paths on the command line resolve against `cwd`, as in a process started there."""
    if cwd is None:
        yield
        return
    before = os.getcwd()
    os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(before)


def check_json(*paths: Path, prefix: Sequence[str] = ()) -> tuple[subprocess.CompletedProcess[str], dict]:
    """Run the CLI in JSON mode; the report must be well formed whatever the exit status."""
    proc = run_cli("--format", "json", *(str(p) for p in paths), prefix=prefix)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode in (0, 1), (proc.returncode, proc.stderr)
    report = json.loads(proc.stdout)
    assert report["version"] == 1
    return proc, report


def diagnostics_by_file(report: dict) -> dict[Path, list[dict[str, Any]]]:
    """The JSON diagnostics of a report per resolved path (each path listed once)."""
    by_file: dict[Path, list[dict[str, Any]]] = {}
    for entry in report["files"]:
        path = Path(entry["path"]).resolve()
        assert path not in by_file, f"{path} listed more than once"
        by_file[path] = entry["diagnostics"]
    return by_file


def file_diagnostics(report: dict, path: Path) -> list[dict[str, Any]]:
    """The JSON diagnostics reported for `path` (absent from the report = none)."""
    return diagnostics_by_file(report).get(path.resolve(), [])


# The real compile's performance hint PH001 (tests/test_perf_hints.py): not what the other
# tests look for, so left out where they compare a file's diagnostics.
PERF_HINT = "PTO631"
PIPELINE_DEPTH_HINT = "PTO632"  # MemoryReuse's PH-MR-001 (tests/test_pipelined_memory.py)


@dataclass
class Checked:
    source: str  # the text as written to disk and given to the API
    path: Path
    api: list  # compiler.Diagnostic, in position order
    cli: list[dict[str, Any]]  # LSP Diagnostics from the JSON report, in position order
    exit_code: int
    warnings: list[dict[str, Any]] = field(default_factory=list)  # PTO301 from the JSON report


def check_file(path: Path) -> Checked:
    """Check one file on disk through the CLI and through `check_source`."""
    from compiler import check_source

    source = path.read_bytes().decode("utf-8")
    proc, report = check_json(path)
    api = sorted(check_source(source, str(path)), key=lambda d: (d.span.start_line, d.span.start_col))
    cli = sorted(
        file_diagnostics(report, path),
        key=lambda d: (d["range"]["start"]["line"], d["range"]["start"]["character"]),
    )
    # The codegen warning ([CacheBypassUnsupported], severity 2) and the real compile's
    # performance hints (PTO631 and PTO632, severity 4) have tests of their own.
    errors_api = [d for d in api if d.code not in ("PTO301", PERF_HINT, PIPELINE_DEPTH_HINT)]
    errors_cli = [d for d in cli if d["code"] not in ("PTO301", PERF_HINT, PIPELINE_DEPTH_HINT)]
    warnings = [d for d in cli if d["code"] == "PTO301"]
    return Checked(source, path, errors_api, errors_cli, proc.returncode, warnings)


def check(tmp_path: Path, source: str, *, name: str = "kernel.py", newline: str = "\n") -> Checked:
    """Write `source` to tmp_path/name (with `newline` line ends) and check it both ways."""
    path = tmp_path / name
    path.write_bytes(source.replace("\n", newline).encode("utf-8"))
    return check_file(path)


# --- where a diagnostic is expected ---------------------------------------------------------------


@dataclass(frozen=True)
class Where:
    """One range in every coordinate system a user meets."""

    line: int  # 1-based
    col: int  # 0-based UTF-8 bytes, as `ast` and the Python API report
    char: int  # 0-based UTF-16 code units, as LSP / JSON report
    end_line: int
    end_col: int
    end_char: int

    def lsp_range(self) -> dict[str, dict[str, int]]:
        return {
            "start": {"line": self.line - 1, "character": self.char},
            "end": {"line": self.end_line - 1, "character": self.end_char},
        }


def _point(source: str, offset: int) -> tuple[int, int, int]:
    line_start = source.rfind("\n", 0, offset) + 1
    before = source[line_start:offset]
    return (
        source.count("\n", 0, offset) + 1,
        len(before.encode("utf-8")),
        len(before.encode("utf-16-le")) // 2,
    )


def locate(source: str, needle: str, after: str | tuple[str, ...] = "") -> Where:
    """The range of the first `needle` in `source` that follows `after`.

    `after` is one anchor text or several, each searched for after the previous one.
    """
    start = 0
    for anchor in (after,) if isinstance(after, str) else after:
        start = source.index(anchor, start) + len(anchor)
    start = source.index(needle, start)
    line, col, char = _point(source, start)
    end_line, end_col, end_char = _point(source, start + len(needle))
    return Where(line, col, char, end_line, end_col, end_char)


@dataclass(frozen=True)
class Expected:
    code: str
    message: str
    needle: str  # the source text the range must cover exactly
    exception: str = "ParserSyntaxError"
    after: str | tuple[str, ...] = ""  # anchor text(s) the needle follows, see `locate`
    stage: str = "parser"  # the compiler stage that raises it


def assert_diagnostics(checked: Checked, *expected: Expected) -> None:
    """Exactly `expected` (in source order) through the API and the CLI; nothing at all if none."""
    want = sorted(expected, key=lambda e: _sort_key(locate(checked.source, e.needle, e.after)))
    assert [d.code for d in checked.api] == [e.code for e in want], [d.message for d in checked.api]
    assert [d["code"] for d in checked.cli] == [e.code for e in want], [d["message"] for d in checked.cli]
    assert checked.exit_code == (1 if want else 0)
    for api, cli, exp in zip(checked.api, checked.cli, want, strict=True):
        where = locate(checked.source, exp.needle, exp.after)
        assert_api(api, exp, where)
        assert_cli(cli, exp, where)


def _sort_key(where: Where) -> tuple[int, int]:
    return (where.line, where.col)


def assert_api(diag: Any, exp: Expected, where: Where) -> None:
    from compiler import Severity

    assert diag.message == exp.message
    assert diag.severity == Severity.ERROR == 1
    assert diag.exception == exp.exception
    span = diag.span
    assert (span.start_line, span.start_col, span.end_line, span.end_col) == (
        where.line,
        where.col,
        where.end_line,
        where.end_col,
    ), exp.needle


def assert_cli(diag: dict[str, Any], exp: Expected, where: Where) -> None:
    assert diag["message"] == exp.message
    assert diag["severity"] == 1
    assert diag["source"] == "pto"
    assert diag["data"]["exception"] == exp.exception
    assert diag["data"]["stage"] == exp.stage
    assert diag["range"] == where.lsp_range(), exp.needle


# --- a language server driven over stdio by an LSP client ----------------------------------------

import pytest_lsp  # noqa: E402
from lsp_client import RecordingClient, make_recording_client  # noqa: E402
from lsprotocol import types as lsp  # noqa: E402
from pytest_lsp import ClientServerConfig, client_capabilities  # noqa: E402

SERVER = ClientServerConfig(
    server_command=[sys.executable, "-m", "pto_lsp", "serve"], client_factory=make_recording_client
)


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: RecordingClient):
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        # The codegen warning has tests of its own (test_bypass_warning.py); elsewhere
        # it would only repeat itself next to the diagnostics under test.
        initialization_options={"ptoLsp": {"debounceMs": 0, "diagnostics": {"disabled": ["PTO301"]}}},
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()
