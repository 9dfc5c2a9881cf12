"""Hostile input, round 3 (issue 21), through the command line a user runs: special files,
a size limit, coding declarations, UTF-16, CPython's limit on nested blocks, line numbers
inside syntax messages, file names that are not one printable line, bad `explain`
positions, and a check over many files written as it goes.

Each test runs `python -m pto_lsp` in a process of its own (a hang would be a timeout,
not a stuck suite) and asserts what the user sees: stdout, stderr, the exit status.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

_KERNEL = """\
import pypto.language as pl


@pl.function
def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y = x
    del y
    return x
"""
_DELETE = "error[PTO501] Unsupported statement type: Delete"


def _run(*args: str, cwd: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run(
        [sys.executable, "-m", "pto_lsp", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        encoding="utf-8",
        errors="replace",
        timeout=timeout,  # a check that blocks fails here instead of hanging the suite
    )


def _python_syntax_error(path: Path) -> SyntaxError:
    """What CPython itself says when it compiles the file (compiled, never run)."""
    try:
        compile(path.read_bytes(), str(path), "exec")
    except SyntaxError as error:
        return error
    raise AssertionError(f"CPython compiles {path}")


# ---------------------------------------------------------------- special files


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="POSIX only")
def test_check_never_blocks_on_or_reads_special_files(tmp_path: Path) -> None:
    (tmp_path / "kernel.py").write_text(_KERNEL, encoding="utf-8")
    os.mkfifo(tmp_path / "fifo.py")
    (tmp_path / "zero.py").symlink_to("/dev/zero")
    folder = _run("check", str(tmp_path))
    assert "Traceback" not in folder.stderr
    assert f"kernel.py:7:5: {_DELETE}" in folder.stdout
    assert f"pto-lsp: not checked: {tmp_path / 'fifo.py'}: not a regular file (a FIFO)" in folder.stderr
    assert f"not checked: {tmp_path / 'zero.py'}: not a regular file (a character device)" in folder.stderr
    assert "2 file(s) could not be checked" in folder.stdout
    assert folder.returncode == 1
    for special in ("/dev/zero", str(tmp_path / "zero.py"), str(tmp_path / "fifo.py")):
        alone = _run("check", special)
        assert alone.returncode == 1, special
        assert "not a regular file" in alone.stderr and "Traceback" not in alone.stderr
        assert "All checks passed" not in alone.stdout
    compiled = _run("compile", str(tmp_path / "zero.py"))
    assert compiled.returncode == 2 and "not a regular file (a character device)" in compiled.stderr


def test_a_file_past_the_size_limit_is_refused_on_stderr(tmp_path: Path) -> None:
    huge = tmp_path / "huge.py"
    with huge.open("wb") as file:  # sparse: 65 MiB of file, next to no disk
        file.write(b"import pypto.language as pl\n#")
        file.truncate(65 << 20)
    run = _run("check", str(huge))
    assert run.returncode == 1
    assert f"pto-lsp: not checked: {huge}: larger than 64 MiB: not read" in run.stderr
    assert "Traceback" not in run.stderr and "All checks passed" not in run.stdout


# ---------------------------------------------------------------- encodings


def test_a_coding_declaration_is_honoured_as_python_honours_it(tmp_path: Path) -> None:
    source = "# -*- coding: latin-1 -*-\n" + _KERNEL.replace("    del y\n", "    é = y; del é  # café\n")
    path = tmp_path / "latin1.py"
    path.write_bytes(source.encode("latin-1"))
    compile(path.read_bytes(), str(path), "exec")  # CPython reads it (compiled, never run)
    run = _run("check", str(path))
    assert run.stderr == ""
    # The column counts characters of the decoded line, after "    é = y; ".
    assert run.stdout.splitlines()[0] == f"{path}:8:12: {_DELETE}"
    assert run.returncode == 1


def test_a_utf16_file_is_refused_clearly_and_never_called_clean(tmp_path: Path) -> None:
    path = tmp_path / "utf16.py"
    path.write_bytes(_KERNEL.encode("utf-16"))
    run = _run("check", str(path))
    assert run.returncode == 1
    assert f"not checked: {path}: not valid UTF-8 (it starts with a UTF-16 byte-order mark" in run.stderr
    assert "All checks passed" not in run.stdout
    assert (
        run.stdout.strip()
        == "No errors found in 0 file(s), but 1 file(s) could not be checked (said on stderr)."
    )
    folder = _run("check", str(tmp_path))
    assert folder.returncode == 1 and "All checks passed" not in folder.stdout


# ---------------------------------------------------------------- what CPython's compiler says


def _nested_loops(depth: int, with_every: int = 0) -> str:
    lines = ["import pypto.language as pl", "", ""]
    for level in range(depth):
        indent = "    " * level
        if with_every and level % with_every == 1:
            lines.append(f"{indent}with open('f{level}') as h{level}:")
        else:
            lines.append(f"{indent}for i{level} in range(2):")
    lines.append("    " * depth + "pass")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("depth", [21, 40, 99])
def test_too_many_nested_blocks_is_pythons_own_syntax_error(tmp_path: Path, depth: int) -> None:
    path = tmp_path / f"nested_{depth}.py"
    path.write_text(_nested_loops(depth, with_every=3), encoding="utf-8")
    error = _python_syntax_error(path)
    assert error.msg == "too many statically nested blocks"
    run = _run("check", str(path))
    assert run.stdout.splitlines()[0] == (
        f"{path}:{error.lineno}:{error.offset}: error[PTO002] SyntaxError: too many statically nested blocks"
    )
    assert run.returncode == 1


def test_twenty_nested_blocks_or_a_function_between_them_are_accepted(tmp_path: Path) -> None:
    twenty = tmp_path / "twenty.py"
    twenty.write_text(_nested_loops(20), encoding="utf-8")
    # 15 loops, a def inside them (a function counts its blocks anew), 15 loops in it.
    loops = [f"for i{level} in range(2):" for level in range(15)]
    lines = [*loops, "def g():", *loops, "pass"]
    split = tmp_path / "split.py"
    split.write_text("\n".join("    " * level + line for level, line in enumerate(lines)) + "\n")
    for path in (twenty, split):
        compile(path.read_bytes(), str(path), "exec")  # CPython accepts both (compiled, never run)
        run = _run("check", str(path))
        assert run.returncode == 0, run.stdout
        assert "PTO002" not in run.stdout


def test_a_syntax_message_names_the_file_line_python_names(tmp_path: Path) -> None:
    path = tmp_path / "unterminated.py"
    text = _KERNEL + "\n\n" + "\n".join(f"C{n} = {n}" for n in range(12)) + '\n\nDOC = """never closed\n\n'
    path.write_text(text, encoding="utf-8")
    error = _python_syntax_error(path)
    assert "(detected at line" in error.msg
    run = _run("check", str(path))
    assert f"error[PTO001] SyntaxError: {error.msg}" in run.stdout, (error.msg, run.stdout)


# ---------------------------------------------------------------- names and positions


@pytest.mark.skipif(sys.platform == "win32", reason="such names are POSIX ones")
def test_file_names_with_control_characters_are_printed_escaped(tmp_path: Path) -> None:
    names = ["new\nline.py", "esc\x1b[31mred.py", "tab\tbed.py"]
    for name in names:
        (tmp_path / name).write_text(_KERNEL, encoding="utf-8")
    run = _run("check", str(tmp_path))
    assert "\x1b" not in run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == len(names) + 1  # one line per diagnostic, and the summary
    escaped = {"new\\nline.py", "esc\\x1b[31mred.py", "tab\\tbed.py"}
    assert {line.split(":")[0].rsplit("/", 1)[-1] for line in lines[:-1]} == escaped
    assert all(line.endswith(_DELETE) for line in lines[:-1])
    as_json = json.loads(_run("check", "--format", "json", str(tmp_path)).stdout)
    assert {Path(entry["path"]).name for entry in as_json["files"]} == set(names)  # JSON escapes for itself


def test_explain_refuses_every_bad_position(tmp_path: Path) -> None:
    path = tmp_path / "kernel.py"
    path.write_text(_KERNEL, encoding="utf-8")
    for location in (
        f"{path}:7:²",
        f"{path}:7:0",
        f"{path}:7:-1",
        f"{path}:7:",
        f"{path}:7:1:2",
        f"{path}:٣",
    ):
        run = _run("explain", location)
        assert (run.returncode, run.stderr.strip()) == (
            2,
            f"pto-lsp explain: error: expected FILE:LINE[:COL], got {location!r}",
        ), location
        assert run.stdout == ""
    past = _run("explain", f"{path}:7:99")
    assert past.returncode == 2
    assert (
        past.stderr.strip()
        == f"pto-lsp explain: error: line 7 of {path} has 9 character(s); there is no column 99"
    )
    good = _run("explain", f"{path}:7:5")
    assert good.returncode == 0 and good.stderr == ""


# ---------------------------------------------------------------- many files


def test_a_check_over_many_files_reports_every_one_in_order(tmp_path: Path) -> None:
    """Over more files than one batch holds (the reports are written batch by batch),
    the text and the JSON reports are those of each file checked on its own."""
    count = 1_100
    for number in range(count):
        body = _KERNEL if number % 3 == 0 else _KERNEL.replace("    del y\n", "")
        (tmp_path / f"k{number:05d}.py").write_text(body, encoding="utf-8")
    for jobs in ("1", "0"):
        run = _run("check", "-j", jobs, str(tmp_path), timeout=600)
        lines = run.stdout.splitlines()
        bad = [f"{tmp_path / f'k{n:05d}.py'}:7:5: {_DELETE}" for n in range(0, count, 3)]
        assert lines == [*bad, f"Found {len(bad)} diagnostics in {count} file(s)."], jobs
        assert run.returncode == 1
    as_json = _run("check", "--format", "json", str(tmp_path), timeout=600).stdout
    document = json.loads(as_json)
    assert as_json == json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    assert [Path(entry["path"]).name for entry in document["files"]] == [f"k{n:05d}.py" for n in range(count)]
    assert sum(len(entry["diagnostics"]) for entry in document["files"]) == len(range(0, count, 3))
