"""`pto-lsp check`: exit status, the two output formats, directories, bad files."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import (
    BYPASS,
    R1,
    R3,
    at_scope,
    check_file,
    check_json,
    file_diagnostics,
    program,
    run_cli,
)

CLEAN = program(at_scope(f"pl.set_cache_policy(b, {BYPASS})"))
BROKEN = program(at_scope("pl.set_cache_policy(b)"))  # one PTO103
OUTSIDE = program(f"pl.set_cache_policy(b, {BYPASS})\n" + at_scope())  # one PTO101


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def line_of(source: str, needle: str) -> int:
    return source[: source.index(needle)].count("\n") + 1


# --- exit status -----------------------------------------------------------------------------------


def test_exit_0_when_clean(tmp_path):
    proc = run_cli("--format", "text", str(write(tmp_path / "ok.py", CLEAN)))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "error[" not in proc.stdout


def test_exit_1_when_a_file_has_an_error(tmp_path):
    ok = write(tmp_path / "ok.py", CLEAN)
    bad = write(tmp_path / "bad.py", BROKEN)
    assert run_cli("--format", "text", str(ok), str(bad)).returncode == 1
    assert run_cli("--format", "json", str(bad), str(ok)).returncode == 1


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["does_not_exist.py"], id="no such path"),
        pytest.param(["--no-such-option", "ok.py"], id="unknown option"),
        pytest.param(["--format", "xml", "ok.py"], id="unknown format"),
    ],
)
def test_exit_2_on_bad_usage(tmp_path, args):
    write(tmp_path / "ok.py", CLEAN)
    proc = run_cli(*args, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip()
    assert "Traceback" not in proc.stderr


def test_missing_path_among_good_ones_is_still_bad_usage(tmp_path):
    write(tmp_path / "bad.py", BROKEN)
    proc = run_cli("--format", "text", "bad.py", "missing.py", cwd=tmp_path)
    assert proc.returncode == 2
    assert "missing.py" in proc.stderr


# --- text format -----------------------------------------------------------------------------------


def test_text_format_line_shape(tmp_path):
    write(tmp_path / "bad.py", BROKEN)
    write(tmp_path / "pkg" / "outside.py", OUTSIDE)
    proc = run_cli("--format", "text", "bad.py", os.path.join("pkg", "outside.py"), cwd=tmp_path)
    lines = proc.stdout.splitlines()
    assert f"bad.py:{line_of(BROKEN, 'pl.set_cache_policy(b)')}:13: error[PTO103] {R3}" in lines
    outside = os.path.join("pkg", "outside.py")
    assert f"{outside}:{line_of(OUTSIDE, 'pl.set_cache_policy(b,')}:9: error[PTO101] {R1}" in lines
    assert len([line for line in lines if ": error[" in line]) == 2
    assert proc.returncode == 1


def test_console_script_matches_python_m(tmp_path):
    script = Path(sys.executable).parent / "pto-lsp"
    if not script.exists():
        script = shutil.which("pto-lsp")
    if script is None:
        pytest.skip("pto-lsp is not installed as a console script")
    write(tmp_path / "bad.py", BROKEN)
    via_script = subprocess.run(
        [str(script), "check", "--format", "text", "bad.py"],
        cwd=tmp_path,
        capture_output=True,
        encoding="utf-8",
        timeout=600,
    )
    via_module = run_cli("--format", "text", "bad.py", cwd=tmp_path)
    assert via_script.returncode == via_module.returncode == 1
    assert via_script.stdout == via_module.stdout


# --- JSON format -----------------------------------------------------------------------------------


def test_json_document_shape(tmp_path):
    bad = write(tmp_path / "bad.py", BROKEN)
    proc, report = check_json(bad)
    assert proc.returncode == 1
    assert set(report) == {"version", "files", "notChecked"}
    assert report["version"] == 1
    assert report["notChecked"] == []
    for entry in report["files"]:
        assert set(entry) == {"path", "diagnostics", "notAnalysed"}
    (diag,) = file_diagnostics(report, bad)
    required = {"range", "severity", "code", "codeDescription", "source", "message", "data"}
    assert required <= set(diag) <= required | {"relatedInformation"}
    assert diag["codeDescription"]["href"].endswith("docs/diagnostics.md#pto103")
    assert set(diag["range"]) == {"start", "end"}
    assert set(diag["data"]) >= {"exception", "stage", "hint"}
    assert diag["code"] == "PTO103"
    assert diag["message"] == R3


# --- directories -----------------------------------------------------------------------------------


def test_directory_recursion_checks_only_pypto_files(tmp_path):
    top = write(tmp_path / "kernels" / "top.py", BROKEN)
    nested = write(tmp_path / "kernels" / "deep" / "er" / "nested.py", OUTSIDE)
    clean = write(tmp_path / "kernels" / "clean.py", CLEAN)
    # Same text, but `pl` is not pypto.language here: not a kernel file.
    other = write(
        tmp_path / "kernels" / "other.py", BROKEN.replace("import pypto.language as pl", "import mylib as pl")
    )
    # Not a .py file at all.
    write(tmp_path / "kernels" / "notes.txt", BROKEN)

    proc, report = check_json(tmp_path / "kernels")
    assert proc.returncode == 1
    assert [d["code"] for d in file_diagnostics(report, top)] == ["PTO103"]
    assert [d["code"] for d in file_diagnostics(report, nested)] == ["PTO101"]
    assert [d for d in file_diagnostics(report, clean) if d["severity"] == 1] == []
    assert file_diagnostics(report, other) == []
    listed = {Path(f["path"]).resolve() for f in report["files"]}
    assert (tmp_path / "kernels" / "notes.txt").resolve() not in listed
    assert other.resolve() not in listed


def test_directory_without_errors_exits_0(tmp_path):
    write(tmp_path / "kernels" / "a.py", CLEAN)
    write(tmp_path / "kernels" / "sub" / "b.py", CLEAN)
    write(tmp_path / "kernels" / "plain.py", "def f():\n    return 1\n")
    proc = run_cli("--format", "text", str(tmp_path / "kernels"))
    assert proc.returncode == 0, proc.stdout + proc.stderr


# --- files that cannot be checked ------------------------------------------------------------------

BAD_FILES = {
    "binary": b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00>\x00",
    "invalid UTF-8": b"import pypto.language as pl\n\nNAME = '" + b"\xff\xfe\xc3\x28" + b"'\n",
}


def _assert_reported_on_stderr(proc: subprocess.CompletedProcess[str], bad: Path) -> None:
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    assert bad.name in lines[0]


@pytest.mark.parametrize("content", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_unreadable_content_is_reported_and_others_still_checked(tmp_path, content):
    bad = tmp_path / "blob.py"
    bad.write_bytes(content)
    broken = write(tmp_path / "broken.py", BROKEN)
    proc, report = check_json(bad, broken)
    assert proc.returncode == 1
    _assert_reported_on_stderr(proc, bad)
    assert [d["code"] for d in file_diagnostics(report, broken)] == ["PTO103"]


@pytest.mark.parametrize("content", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_unreadable_content_alone_still_fails_the_run(tmp_path, content):
    bad = tmp_path / "blob.py"
    bad.write_bytes(content)
    clean = write(tmp_path / "clean.py", CLEAN)
    proc = run_cli("--format", "text", str(bad), str(clean))
    assert proc.returncode == 1
    _assert_reported_on_stderr(proc, bad)


def _without_read_permission() -> list[str]:
    """A command prefix under which a mode-000 file cannot be read (root bypasses modes)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root and setpriv is not available to drop CAP_DAC_OVERRIDE")
    prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search"]
    if subprocess.run([*prefix, "true"], capture_output=True).returncode != 0:
        pytest.skip("cannot drop CAP_DAC_OVERRIDE here")
    return prefix


def test_file_without_read_permission(tmp_path):
    secret = write(tmp_path / "secret.py", CLEAN)
    secret.chmod(0)
    broken = write(tmp_path / "broken.py", BROKEN)
    try:
        proc, report = check_json(secret, broken, prefix=_without_read_permission())
    finally:
        secret.chmod(0o644)
    assert proc.returncode == 1
    _assert_reported_on_stderr(proc, secret)
    assert [d["code"] for d in file_diagnostics(report, broken)] == ["PTO103"]


def test_codes_disabled_in_the_project_pyproject_are_not_reported(tmp_path):
    # [tool.pto-lsp] in the nearest pyproject.toml applies to `pto-lsp check` as to the editor.
    source = program(
        """
        pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
        """
    )
    kernel = tmp_path / "kernels" / "k.py"
    kernel.parent.mkdir()
    kernel.write_text(source)
    assert check_file(kernel).exit_code == 1
    (tmp_path / "pyproject.toml").write_text('[tool.pto-lsp]\ndiagnostics = { disabled = ["PTO101"] }\n')
    checked = check_file(kernel)
    assert checked.exit_code == 0
    assert checked.cli == []
