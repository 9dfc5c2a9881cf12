"""Inputs that used to print a traceback: every one gets a clear answer from the CLI.

Each test runs `pto-lsp` as a user would (a subprocess) and asserts what the
user sees: a one-line message or a diagnostic, the exit status, no traceback.
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from conftest import spawn_pto_lsp

_KERNEL = """\
import pypto.language as pl


@pl.function
def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
{body}
    return y
"""


def _write(tmp_path: Path, body: str, name: str = "kernel.py") -> Path:
    path = tmp_path / name
    path.write_text(_KERNEL.format(body=body), encoding="utf-8")
    return path


def _long_sum(terms: int) -> str:
    return "    y = " + " + ".join(["1"] * terms)


def _elif_chain(branches: int) -> str:
    lines = ["    if x > 0:", "        y = 1"]
    for i in range(1, branches):
        lines += [f"    elif x > {i}:", f"        y = {i}"]
    return "\n".join([*lines, "    else:", "        y = 0"])


def test_a_very_long_expression_is_said_not_analysed_not_a_traceback(tmp_path: Path) -> None:
    path = _write(tmp_path, _long_sum(600), name="sum_600.py")
    run = spawn_pto_lsp("check", str(path))
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == 0, run.stdout  # a hint, not an error: Python accepts the file
    assert "hint[PTO009] Not analysed" in run.stdout
    assert "All checks passed" not in run.stdout
    # 20,000 terms: Python itself refuses the file (compiled here, never run), and says so.
    path = _write(tmp_path, _long_sum(20_000), name="sum_20000.py")
    with pytest.raises(RecursionError):
        compile(path.read_bytes(), str(path), "exec")
    run = spawn_pto_lsp("check", str(path))
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == 1, run.stdout
    assert "error[PTO002] RecursionError: maximum recursion depth exceeded during compilation" in run.stdout


def test_a_long_elif_chain_compiles_or_says_why_not(tmp_path: Path) -> None:
    path = _write(tmp_path, _elif_chain(700))
    for command in (["check"], ["compile", "--after", "parse"], ["compile"]):
        run = spawn_pto_lsp(*command, str(path))
        assert "Traceback" not in run.stderr, (command, run.stderr)
        assert run.returncode in (0, 1), (command, run.stderr)
    compiled = spawn_pto_lsp("compile", "--after", "parse", str(path))
    assert compiled.returncode == 0 or "nested too deeply" in compiled.stderr


def test_after_with_emit_mlir_is_refused_not_ignored(tmp_path: Path) -> None:
    path = _write(tmp_path, "    y = x")
    run = spawn_pto_lsp("compile", "--emit", "mlir", "--after", "4", str(path))
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        "pto-lsp compile: error: --after applies to --emit ir only (PTO MLIR is emitted after the whole pipeline)"
    ]


_BAD_KERNEL = _KERNEL.format(body="    y = x\n    y += 1")


def test_a_folder_check_analyses_lone_cr_files_and_names_what_it_cannot_read(tmp_path: Path) -> None:
    (tmp_path / "lone_cr.py").write_bytes(_BAD_KERNEL.replace("\n", "\r").encode())
    (tmp_path / "latin1.py").write_bytes(b"import pypto.language as pl\n# caf\xe9\n")
    (tmp_path / "nul.py").write_bytes(b"import pypto.language as pl\n\x00\n")
    run = spawn_pto_lsp("check", str(tmp_path))
    assert "Traceback" not in run.stderr
    assert "lone_cr.py:7:5: error[PTO501] Unsupported statement type: AugAssign" in run.stdout
    assert f"not checked: {tmp_path / 'latin1.py'}: not valid UTF-8" in run.stderr
    assert f"not checked: {tmp_path / 'nul.py'}: not a text file" in run.stderr
    assert run.returncode == 1


def test_a_clean_folder_with_an_undecodable_file_is_not_green(tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(_KERNEL.format(body="    y = x"), encoding="utf-8")
    (tmp_path / "latin1.py").write_bytes(b"x = '\xe9'\n")
    run = spawn_pto_lsp("check", str(tmp_path))
    assert run.returncode == 1
    assert "latin1.py" in run.stderr


def test_an_odd_pyproject_is_ignored_by_check(tmp_path: Path) -> None:
    kernel = tmp_path / "kernel.py"
    kernel.write_text(_BAD_KERNEL, encoding="utf-8")
    for pyproject in ("tool = 5\n", "[tool]\npto-lsp = 3\n", "x = " + "[" * 5000 + "]" * 5000 + "\n"):
        (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
        run = spawn_pto_lsp("check", str(kernel))
        assert "Traceback" not in run.stderr, pyproject[:20]
        assert "error[PTO501]" in run.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--tcp", "127.0.0.1:99999"],
            "expected HOST:PORT with a port from 0 to 65535, got '127.0.0.1:99999'",
        ),
        (["--tcp", "127.0.0.1:x"], "expected HOST:PORT with a port from 0 to 65535, got '127.0.0.1:x'"),
        (["--tcp", "no-such-host.invalid:8080"], "cannot listen on no-such-host.invalid:8080: "),
        (["--log-file", "/nonexistent/dir/log"], "cannot write the log file /nonexistent/dir/log: "),
    ],
)
def test_bad_serve_usage_is_one_line_and_status_2(args: list[str], said: str) -> None:
    run = spawn_pto_lsp("serve", *args)
    assert run.returncode == 2
    [line] = run.stderr.strip().splitlines()
    assert line.startswith(f"pto-lsp serve: error: {said}")


def test_serving_on_a_port_in_use_is_one_line_and_status_2() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = spawn_pto_lsp("serve", "--tcp", f"127.0.0.1:{port}")
    assert run.returncode == 2
    assert (
        run.stderr.strip()
        == f"pto-lsp serve: error: cannot listen on 127.0.0.1:{port}: Address already in use"
    )


def test_explain_answers_bad_lines_and_broken_files_in_one_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "    y = x")
    odd = spawn_pto_lsp("explain", f"{path}:²")
    assert (odd.returncode, odd.stderr.strip()) == (
        2,
        f"pto-lsp explain: error: expected FILE:LINE[:COL], got '{path}:²'",
    )
    past = spawn_pto_lsp("explain", f"{path}:999")
    assert past.returncode == 2
    assert past.stderr.strip() == f"pto-lsp explain: error: {path} has 8 line(s); there is no line 999"
    broken = tmp_path / "broken.py"
    broken.write_text("import pypto.language as pl\ndef f(:\n", encoding="utf-8")
    run = spawn_pto_lsp("explain", f"{broken}:1")
    assert run.returncode == 1
    assert "does not parse (SyntaxError: invalid syntax at line 2); nothing to explain" in run.stderr
    assert "Traceback" not in run.stderr + odd.stderr + past.stderr


def test_all_checks_passed_is_only_said_when_everything_was_analysed(tmp_path: Path) -> None:
    clean = _write(tmp_path, "    y = x", name="clean.py")
    said = spawn_pto_lsp("check", str(clean))
    assert said.returncode == 0
    assert said.stdout.strip() == "All checks passed (1 file(s))."
    # A distributed op whose keywords are spread from a dict (`**{}`): its arguments cannot be
    # bound to the wrapper's parameters statically, so its rules are not run.
    unmodelled = tmp_path / "unmodelled.py"
    unmodelled.write_text(
        "import pypto.language as pl\nimport pypto.language.distributed as pld\n\n\n"
        "@pl.function\ndef f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
        "    pld.tile.get(x, 0, x, x, **{})\n    return x\n",
        encoding="utf-8",
    )
    run = spawn_pto_lsp("check", str(unmodelled))
    assert run.returncode == 0
    assert "All checks passed" not in run.stdout
    assert (
        f"1 construct could not be analysed (pto-lsp does not model it yet), the first at {unmodelled}:7"
        in run.stdout
    )
    # Beside an error, the summary still says what was not analysed: the file was checked in part.
    broken = tmp_path / "broken.py"
    broken.write_text(unmodelled.read_text(encoding="utf-8") + "\n\nx = (\n", encoding="utf-8")
    both = spawn_pto_lsp("check", str(broken), str(unmodelled))
    assert both.returncode == 1
    summary = both.stdout.strip().splitlines()[-1]
    assert summary.startswith("Found 1 diagnostic in 2 file(s); 2 constructs could not be analysed"), summary
