"""Whole-file throughput of `pto-lsp check` and `pto-lsp compile`, side by side with `ruff check`.

    python benchmarks/cli_throughput.py [--sizes 10000,50000,200000] [--runs 1]
                                        [--commands check,check-json,compile,compile-mlir,ruff]
                                        [--ours DIR ...] [--json results.json]

For each size a kernel module is generated (`generate.py`) and every command is
run on it as a subprocess, its output thrown away: the wall time, lines per
second and the peak RSS of the process (`os.wait4`'s `ru_maxrss`), also per
100k lines. With `--runs N` each command runs N times and the fastest run is
kept (its peak RSS is the largest seen).

Each checkout's packages are byte-compiled first, as `pip install` does: an
editable checkout run with PYTHONDONTWRITEBYTECODE=1 (as on the machines these
numbers come from) would otherwise compile every module from source on every run,
about 0.2 s that no installed pto-lsp pays.

`--ours DIR` (repeatable) also runs the pto-lsp of another checkout (say a copy
of the sources before a change) as `python -m pto_lsp` with `PYTHONPATH=DIR`,
beside this one, so two versions are compared in one run; its rows are labelled
with the directory's name.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

# name -> the arguments after the program (FILE: the module's path; CLEAN: the same module
# without its mistakes). `compile` prints nothing for a file with errors, so the compile
# commands get the module without mistakes.
COMMANDS: dict[str, list[str]] = {
    "check": ["check", "FILE"],  # on every CPU (the default)
    "check-1cpu": ["check", "--jobs", "1", "FILE"],
    "check-json": ["check", "--format", "json", "FILE"],
    # The module without mistakes: every unit analysed down to its codegen warnings (with
    # a mistake that stops the import, `check` computes no warning after it).
    "check-clean": ["check", "CLEAN"],
    "compile": ["compile", "FILE"],
    "compile-mlir": ["compile", "--emit", "mlir", "FILE"],
}
# What any front end built on CPython's own parser pays before it looks at a kernel:
# `ast.parse` of the whole file, with the collector off as `check` runs (no analysis, no
# bytecode). Shown beside ruff's time.
FLOOR_SCRIPT = (
    "import ast, gc, sys\n"
    "gc.disable()\n"
    "path = sys.argv[1]\n"
    "source = open(path, encoding='utf-8').read()\n"
    "ast.parse(source, path)\n"
)
CHECK_TARGET = 10.0  # `pto-lsp check` within this many times ruff's time
COMPILE_TARGET = 20.0  # `pto-lsp compile` (either emit) within this many times ruff's time


@dataclass
class Result:
    tool: str  # "pto-lsp", "pto-lsp@DIR" or "ruff"
    command: str
    lines: int
    seconds: float
    cpu_seconds: float  # user + system: what the wall time is on an idle machine
    peak_rss_mb: float  # the largest process
    peak_rss_all_mb: float  # all its processes together (the workers of `check`)
    status: int

    @property
    def lines_per_second(self) -> float:
        return self.lines / self.seconds if self.seconds else 0.0

    @property
    def rss_per_100k(self) -> float:
        return self.peak_rss_all_mb * 100_000 / self.lines


def run_once(argv: list[str], env: dict[str, str] | None, cwd: str) -> tuple[float, float, float, float, int]:
    """(wall seconds, CPU seconds, peak RSS in MB, peak RSS of all its processes together in MB,
    exit status) of one run of `argv`. CPU seconds count the worker processes it waited for;
    `ru_maxrss` is the largest single process, so the processes' sum is sampled from /proc."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
    peak_sum = 0.0
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        peak_sum = max(peak_sum, _tree_rss_mb(process.pid))
        time.sleep(0.02)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss / 1024
    return seconds, usage.ru_utime + usage.ru_stime, peak, max(peak_sum, peak), process.returncode


def _tree_rss_mb(pid: int) -> float:
    """The resident memory of `pid` and its descendants now, in MB (0 where /proc cannot say)."""
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/status", encoding="ascii") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) / 1024
                        break
            with open(f"/proc/{current}/task/{current}/children", encoding="ascii") as children:
                todo.extend(int(child) for child in children.read().split())
        except (OSError, ValueError):
            continue
    return total


def measure(
    tool: str, command: str, argv: list[str], lines: int, runs: int, env: dict[str, str] | None, cwd: str
) -> Result:
    best, best_cpu, peak, peak_all, status = float("inf"), float("inf"), 0.0, 0.0, 0
    for _ in range(runs):
        seconds, cpu, rss, rss_all, status = run_once(argv, env, cwd)
        best, best_cpu = min(best, seconds), min(best_cpu, cpu)
        peak, peak_all = max(peak, rss), max(peak_all, rss_all)
    result = Result(tool, command, lines, best, best_cpu, peak, peak_all, status)
    print(
        f"  {tool:>16} {command:<13} {best:8.2f} s {best_cpu:8.2f} cpu s {result.lines_per_second:10.0f} lines/s "
        f"{peak:8.1f} MB ({peak_all:.1f} MB all processes) (exit {status})",
        file=sys.stderr,
        flush=True,
    )
    return result


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def table(results: list[Result]) -> str:
    """One row per tool and command: seconds, lines/s and MB per 100k lines at each size, and
    the ratio to ruff's time at the largest size."""
    sizes = sorted({r.lines for r in results})
    ruff = {r.lines: r for r in results if r.tool == "ruff"}
    largest = max(sizes)
    head = ["tool", "command"]
    for size in sizes:
        k = f"{round(size / 1000)}k"
        head += [f"{k} s wall / CPU", f"{k} lines/s", f"{k} peak RSS, all processes (MB/100k lines)"]
    head.append(f"÷ ruff at {round(largest / 1000)}k, wall / CPU")
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    keys = list(dict.fromkeys((r.tool, r.command) for r in results))
    for tool, command in keys:
        cells = [tool, command]
        by_size = {r.lines: r for r in results if (r.tool, r.command) == (tool, command)}
        for size in sizes:
            r = by_size.get(size)
            if r is None:
                cells += ["", "", ""]
                continue
            cells += [
                f"{r.seconds:.2f} / {r.cpu_seconds:.2f}",
                f"{r.lines_per_second:,.0f}",
                f"{r.peak_rss_all_mb:.0f} ({r.rss_per_100k:.0f})",
            ]
        r = by_size.get(largest)
        base = ruff.get(largest)
        cells.append(
            f"{r.seconds / base.seconds:.1f} / {r.cpu_seconds / base.cpu_seconds:.1f}"
            if r is not None and base is not None
            else ""
        )
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="10000,50000,200000", help="file sizes in lines (comma-separated)")
    parser.add_argument(
        "--commands", default=",".join([*COMMANDS, "floor", "ruff"]), help="which commands (comma-separated)"
    )
    parser.add_argument("--runs", type=int, default=1, help="runs per command; the fastest is kept")
    parser.add_argument(
        "--ours", action="append", default=[], metavar="DIR", help="another checkout to run too"
    )
    parser.add_argument("--seed", type=int, default=0, help="the generator's seed")
    parser.add_argument("--json", help="also write the measurements to this file")
    arguments = parser.parse_args()
    sizes = [int(size) for size in arguments.sizes.split(",")]
    wanted = arguments.commands.split(",")
    ruff = shutil.which("ruff", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")

    # (label, program argv, environment); `python -m pto_lsp` rather than the `pto-lsp` script,
    # so that an `--ours` checkout runs the same way, from a neutral directory.
    tools: list[tuple[str, list[str], dict[str, str]]] = []
    for label, directory in [
        ("pto-lsp", ROOT),
        *((f"pto-lsp@{Path(d).name}", Path(d)) for d in arguments.ours),
    ]:
        env = dict(os.environ, PYTHONPATH=str(directory.resolve()))
        for package in ("compiler", "pto_lsp"):
            compileall.compile_dir(directory / package, quiet=1)
        tools.append((label, [sys.executable, "-m", "pto_lsp"], env))

    results: list[Result] = []
    with tempfile.TemporaryDirectory() as scratch:
        for size in sizes:
            path, clean = Path(scratch, f"kernels_{size}.py"), Path(scratch, f"clean_{size}.py")
            source = generate.generate_module(size, arguments.seed)
            path.write_text(source, encoding="utf-8")
            clean.write_text(generate.generate_module(size, arguments.seed, mistakes=False), encoding="utf-8")
            lines = source.count("\n")
            print(f"{lines} lines:", file=sys.stderr, flush=True)
            for command, args in COMMANDS.items():
                if command not in wanted:
                    continue
                file = str(clean if command.startswith("compile") or "CLEAN" in args else path)
                for label, program, env in tools:
                    if "--jobs" in args and label != "pto-lsp":
                        continue  # an older checkout may have no --jobs (its check is one process)
                    argv = [*program, *(file if a in ("FILE", "CLEAN") else a for a in args)]
                    results.append(measure(label, command, argv, lines, arguments.runs, env, scratch))
            if "floor" in wanted:
                argv = [sys.executable, "-c", FLOOR_SCRIPT, str(clean)]
                results.append(
                    measure("python ast.parse", "parse", argv, lines, arguments.runs, None, scratch)
                )
            if "ruff" in wanted and ruff:
                argv = [ruff, "check", "--no-cache", "--quiet", str(path)]
                results.append(measure("ruff", "check", argv, lines, arguments.runs, None, scratch))

    print(table(results))
    largest = max(r.lines for r in results)
    ruff = next((r for r in results if r.tool == "ruff" and r.lines == largest), None)
    if ruff is not None:
        print()
        for r in results:
            if r.tool != "pto-lsp" or r.lines != largest:
                continue
            target = CHECK_TARGET if r.command.startswith("check") else COMPILE_TARGET
            wall, cpu = r.seconds / ruff.seconds, r.cpu_seconds / ruff.cpu_seconds
            # The time a user waits is the wall time; ruff checks one file on one CPU, so the
            # CPU time (all processes) is said beside it.
            verdict = "met" if wall <= target else "NOT met"
            print(
                f"- {verdict}: {r.command} on {r.lines} lines within {target:g}x ruff's time on "
                f"{_cpus()} CPUs ({r.seconds:.2f} s wall = {wall:.1f}x; {r.cpu_seconds:.2f} s CPU = {cpu:.1f}x)"
            )
    if arguments.json:
        Path(arguments.json).write_text(json.dumps([asdict(r) for r in results], indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
