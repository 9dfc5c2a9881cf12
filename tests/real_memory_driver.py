"""Run INSIDE the real compiler's interpreter (by `tests/real_memory.py --record-compile`),
never by the tests: import each kernel file given, compile each module-level `ir.Program`
for each SoC asked for (`ir.compile(..., backend_type=..., skip_ptoas=True)`), and print one
JSON line per file with, per program and SoC, the verdict (the exception's class and first
line) or, when it compiles, each InCore / AIC / AIV function's footprint per memory space
as the real AllocateMemoryAddr laid it out, and the lines of its `report/perf_hints.log`.

    <real python> tests/real_memory_driver.py 910B,950 FILE...

The footprint is read from the pass dump after AllocateMemoryAddr with the real
`pypto.tools.memory_map.parse_dump` (every tile binding: its MemRef's address and size):
the end of the last buffer, 32-byte aligned (`SpaceFootprint::HighWater`), and no lower
than the end of a `reserve_buffer` the space holds (tiles are placed above it).
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import re
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

BACKENDS = {"910B": "Ascend910B", "950": "Ascend950"}
_RESERVE = re.compile(r"reserve_buffer\((?P<args>[^\n]*)\)")
_KWARG = re.compile(r"(\w+)=(?:pl\.Mem\.)?([\w.]+)")


def _aligned(address: int) -> int:
    return (address + 31) // 32 * 32


def _function_texts(dump: str) -> dict[str, str]:
    """Each function's text in the dump (from its `def` to the next)."""
    found: dict[str, str] = {}
    parts = re.split(r"\n(?=    @pl\.function)", dump)
    for part in parts:
        match = re.search(r"def (\w+)\(", part)
        if match:
            found[match.group(1)] = part
    return found


def footprints(dump_dir: Path) -> dict[str, dict[str, int]]:
    from pypto.tools import memory_map

    [dump] = sorted(dump_dir.glob("*_after_AllocateMemoryAddr.py"))
    texts = _function_texts(dump.read_text())
    found: dict[str, dict[str, int]] = {}
    for function in memory_map.parse_dump(dump):
        marks: dict[str, int] = {}
        for box in function.boxes:
            marks[box.space] = max(marks.get(box.space, 0), _aligned(box.offset + box.size))
        for call in _RESERVE.finditer(texts.get(function.name, "")):
            kwargs = dict(_KWARG.findall(call.group("args")))
            space = kwargs.get("memory_space", "").split(".")[-1]
            if space and kwargs.get("base", "").isdigit() and kwargs.get("size", "").isdigit():
                end = _aligned(int(kwargs["base"]) + int(kwargs["size"]))
                marks[space] = max(marks.get(space, 0), end)
        found[function.name] = marks
    return found


def _programs(module: object, program_type: type) -> list[tuple[str, object]]:
    """The module's `ir.Program`s: its own, and the one each of its test cases builds
    (`SomeTest().get_program()`, the real test harness's way; a case that needs arguments
    to be built is left out)."""
    found = [(name, value) for name, value in vars(module).items() if isinstance(value, program_type)]
    for value in list(vars(module).values()):
        if not isinstance(value, type) or value.__module__ != module.__name__:  # type: ignore[attr-defined]
            continue
        if "get_program" not in vars(value):
            continue
        try:
            sink = io.StringIO()
            with redirect_stdout(sink), redirect_stderr(sink):
                built = value().get_program()
        except Exception:  # a case built only with arguments
            continue
        if isinstance(built, program_type):
            found.append((built.name, built))  # type: ignore[attr-defined]
    return found


def judge(path: Path, socs: list[str]) -> dict:
    from pypto import backend, ir

    sys.path.insert(0, str(path.parent))
    record: dict = {"file": str(path)}
    sink = io.StringIO()
    try:
        with redirect_stdout(sink), redirect_stderr(sink):
            spec = importlib.util.spec_from_file_location(f"case_{abs(hash(path))}", path)
            module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
            spec.loader.exec_module(module)  # type: ignore[union-attr]
    except BaseException as exc:  # the import verdict is what is recorded
        record["import_error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        return record
    programs = []
    for name, value in _programs(module, ir.Program):
        entry: dict = {"name": name, "socs": {}}
        for soc in socs:
            verdict: dict = {}
            with tempfile.TemporaryDirectory() as out:
                try:
                    # The backend is set once per process unless reset.
                    backend.reset_for_testing()
                    with redirect_stdout(sink), redirect_stderr(sink):
                        ir.compile(
                            value,
                            output_dir=out,
                            skip_ptoas=True,
                            dump_passes=True,
                            backend_type=getattr(backend.BackendType, BACKENDS[soc]),
                        )
                    verdict["memory"] = footprints(Path(out) / "passes_dump")
                    log = Path(out) / "report" / "perf_hints.log"
                    verdict["hints"] = log.read_text().splitlines() if log.is_file() else []
                except BaseException as exc:  # the verdict is what is recorded
                    text = str(exc)
                    verdict["error_class"] = type(exc).__name__
                    verdict["message"] = text.splitlines()[0] if text else ""
            entry["socs"][soc] = verdict
        programs.append(entry)
    record["programs"] = programs
    return record


def _without_formatter() -> None:
    """Take `ruff` off PATH: `ir.compile` formats each pass dump through it when it finds it,
    a subprocess per dump that made one compile take minutes; the dumps are read the same
    unformatted."""
    keep = [
        part for part in os.environ.get("PATH", "").split(os.pathsep) if not (Path(part) / "ruff").exists()
    ]
    os.environ["PATH"] = os.pathsep.join(keep)


def main() -> int:
    _without_formatter()
    socs = sys.argv[1].split(",")
    for file in sys.argv[2:]:
        print(json.dumps(judge(Path(os.path.abspath(file)), socs)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
