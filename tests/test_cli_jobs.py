"""`pto-lsp check --jobs N`: a large input is checked in several processes, and says
exactly what one process says (text and JSON, exit status), whatever goes wrong on the way."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, run_cli, spawn_pto_lsp

import compiler.batch as batch

sys.path.insert(0, str(REPO / "benchmarks"))
import generate

CORPUS = REPO.parent / "shared" / "corpus" / "pypto-real"


@pytest.fixture
def processes_used(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """One entry per time check tried worker processes: whether their answer was used."""
    used: list[bool] = []
    real = batch._in_processes

    def spy(*args: Any) -> Any:
        reports = real(*args)
        used.append(reports is not None)
        return reports

    monkeypatch.setattr(batch, "_in_processes", spy)
    return used


def _both_ways(*args: str) -> tuple[Any, Any]:
    """`check ARGS` in one process and in two."""
    return run_cli("--jobs", "1", *args), run_cli("--jobs", "2", *args)


@pytest.mark.parametrize("mistakes", [True, False], ids=["with-errors", "clean-with-bypass-warnings"])
@pytest.mark.parametrize("output", ["text", "json"])
def test_a_large_module_in_two_processes_says_what_one_says(
    tmp_path: Path, processes_used: list[bool], mistakes: bool, output: str
) -> None:
    path = tmp_path / "model.py"
    path.write_text(
        generate.generate_module(4 * batch.LINES_PER_PROCESS, seed=7, mistakes=mistakes), encoding="utf-8"
    )
    alone, shared = _both_ways("--format", output, str(path))
    assert processes_used == [True]  # the second run did use two processes
    assert shared.stdout == alone.stdout
    assert shared.stderr == alone.stderr == ""
    assert shared.returncode == alone.returncode == (1 if mistakes else 0)
    said = alone.stdout
    if mistakes:
        assert "error[" in said or '"severity": 1' in said
    else:  # no front-end error anywhere: every unit's codegen warning is there
        assert "PTO301" in said


@pytest.mark.skipif(not CORPUS.is_dir(), reason="no corpus beside the repository")
def test_a_folder_of_real_kernels_in_two_processes_says_what_one_says(processes_used: list[bool]) -> None:
    alone, shared = _both_ways("--format", "json", str(CORPUS))
    assert processes_used == [True]
    assert (shared.returncode, shared.stdout, shared.stderr) == (alone.returncode, alone.stdout, alone.stderr)


def test_the_installed_command_forks_from_a_fresh_process(tmp_path: Path) -> None:
    path = tmp_path / "model.py"
    path.write_text(generate.generate_module(3 * batch.LINES_PER_PROCESS, seed=3), encoding="utf-8")
    alone = run_cli("--jobs", "1", str(path))
    shared = spawn_pto_lsp("check", "--jobs", "2", str(path))
    assert (shared.returncode, shared.stdout, shared.stderr) == (alone.returncode, alone.stdout, "")


def test_a_worker_that_dies_costs_time_not_the_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, processes_used: list[bool]
) -> None:
    path = tmp_path / "model.py"
    path.write_text(generate.generate_module(3 * batch.LINES_PER_PROCESS, seed=5), encoding="utf-8")
    alone = run_cli("--jobs", "1", str(path))
    parent = os.getpid()
    real = batch.unit_report

    def dies_in_a_worker(*args: Any, **kwargs: Any) -> Any:
        if os.getpid() != parent:
            os._exit(9)  # killed mid-analysis, no word to the parent
        return real(*args, **kwargs)

    monkeypatch.setattr(batch, "unit_report", dies_in_a_worker)
    shared = run_cli("--jobs", "2", str(path))
    assert processes_used == [False]  # tried, failed, checked here instead
    assert (shared.returncode, shared.stdout, shared.stderr) == (alone.returncode, alone.stdout, alone.stderr)


def test_a_statement_too_deep_to_send_is_checked_all_the_same(
    tmp_path: Path, processes_used: list[bool]
) -> None:
    # A module constant 900 terms deep: too deep for pickle to send to another process.
    deep = "import pypto.language as pl\nLIMIT = " + " + ".join(["1"] * 900) + "\n"
    path = tmp_path / "model.py"
    path.write_text(deep + generate.generate_module(3 * batch.LINES_PER_PROCESS, seed=9), encoding="utf-8")
    alone, shared = _both_ways(str(path))
    assert processes_used == [False]
    assert (shared.returncode, shared.stdout, shared.stderr) == (alone.returncode, alone.stdout, alone.stderr)
    assert "Traceback" not in shared.stderr


def test_a_split_that_falls_inside_a_string_is_noticed(tmp_path: Path, processes_used: list[bool]) -> None:
    # The middle of the module is a string holding what looks like definitions after blank
    # lines: where the cut would be shared out, the scan is inside a string, not between
    # statements.
    half = generate.generate_module(2 * batch.LINES_PER_PROCESS, seed=11)
    looks_like_code = (
        "\n\n@pl.function\ndef inside_a_string(x):\n    return x\n" * 2 * batch.LINES_PER_PROCESS
    )
    source = (
        half
        + f'\nEXAMPLES = """{looks_like_code}"""\n'
        + generate.generate_module(2 * batch.LINES_PER_PROCESS, seed=12)
    )
    path = tmp_path / "model.py"
    path.write_text(source, encoding="utf-8")
    alone, shared = _both_ways(str(path))
    assert processes_used == [False]  # tried, the split found wrong, checked in one process
    assert (shared.returncode, shared.stdout, shared.stderr) == (alone.returncode, alone.stdout, alone.stderr)
    assert "inside_a_string" not in alone.stdout


@pytest.mark.parametrize("jobs", ["-1", "two", "100000"])
def test_a_bad_job_count_is_one_line_and_status_2(tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "k.py"
    path.write_text("import pypto.language as pl\n", encoding="utf-8")
    result = run_cli("--jobs", jobs, str(path))
    assert result.returncode == 2
    last = result.stderr.strip().splitlines()[-1]
    assert "--jobs" in last and "expected a number of processes" in last
    assert "Traceback" not in result.stderr
