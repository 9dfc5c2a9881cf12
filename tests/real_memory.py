"""The real planner's on-chip memory use of the corpus kernels, from the real compiler's MLIR.

`tests/data/real_pto/` holds the `.pto` modules the real compiler (hw-native-sys/pypto
e2d0f78, `ir.compile(..., backend_type=Ascend910B, skip_ptoas=True)`, MemoryReuse and
AllocateMemoryAddr included) wrote for the corpus programs. Each `pto.alloc_tile` there
carries the address the real AllocateMemoryAddr gave the tile, and its `tile_buf` type
the tile's shape, dtype and memory space: a space's use is the end of its last buffer,
32-byte aligned (`SpaceFootprint::HighWater`, the number the real capacity check reads).

    python tests/real_memory.py --record         # (re)writes tests/data/real_memory.json
    python tests/real_memory.py --record-cases   # runs the real compiler over memory_cases/
                                                 # ($PYPTO_PYTHON)
    python tests/real_memory.py --record-socs     # the corpus and capacity_mutants/ through the
                                                 # real ir.compile for each SoC ($PYPTO_PYTHON)
    python tests/real_memory.py --record-mixed    # mixed_cases/ the same way, with each
                                                 # compile's PH001 log
    python tests/real_memory.py --record-plan     # plan_cases/ the same way (the planner's
                                                 # treatment of one construct each)
    python tests/real_memory.py --record-dynamic  # memory_cases/dynamic/: their `@pl.jit`
                                                 # entries too ($PYPTO_PYTHON)
    python tests/real_memory.py --record-upstream # UPSTREAM_FILES the same way
    python tests/real_memory.py --record-pipeline # pipelined_memory/ (`pl.pipeline` kernels)
                                                 # the same way

`--record-socs` runs `real_memory_driver.py` in the real compiler's interpreter
(`$PYPTO_PYTHON`, its test harness on `$PYPTO_SRC/tests/st` for the corpus's test files)
over every corpus file and every `tests/data/capacity_mutants/*.py`, compiling each
`ir.Program` (a module's own, and each test case's `get_program()`) for the 910B and the
950, and writes `tests/data/real_memory_socs.json` (the corpus: per file, program and
kernel, each SoC's footprint per space, or the real error) and
`tests/data/capacity_mutants/verdicts.json` (the same for the mutants). A mixed kernel's
two halves (`k_aic`, `k_aiv`) are recorded under `k`, the kernel the author wrote.

`--record-cases` writes `tests/data/memory_cases/verdicts.json`: for each case, what the real
`ir.compile` (Ascend910B, PTOAS skipped; through `real_memory_driver.py`, `$PYPTO_PYTHON`)
said of each program (`ok`, the exception class, the message's first line) and, where it got
to AllocateMemoryAddr, each function's use per space as the real `pypto.tools.memory_map`
reads it from the pass dump.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"
RECORD = DATA / "real_memory.json"
CASES = DATA / "memory_cases"
CASE_VERDICTS = CASES / "verdicts.json"
SOC_RECORD = DATA / "real_memory_socs.json"
MUTANTS = DATA / "capacity_mutants"
MUTANT_VERDICTS = MUTANTS / "verdicts.json"
MIXED = DATA / "mixed_cases"
MIXED_VERDICTS = MIXED / "verdicts.json"
PLAN = DATA / "plan_cases"
PLAN_VERDICTS = PLAN / "verdicts.json"
DYNAMIC = CASES / "dynamic"
DYNAMIC_VERDICTS = DYNAMIC / "verdicts.json"
UPSTREAM = REPO.parent / "shared" / "corpus" / "upstream"
UPSTREAM_RECORD = DATA / "upstream_memory.json"
# Upstream files outside the corpus whose kernels' use is recorded: kernels of tensors whose
# row count is dynamic (`bind_dynamic`), the real `golden.run_jit` of their `__main__`.
UPSTREAM_FILES = (
    "pypto-lib/models/deepseek_v4_flash_dspark/qkv_proj_rope.py",
    "pypto-lib/models/qwen3_14b/prefill_fwd_a8w8.py",
)
PIPELINE = DATA / "pipelined_memory"
PIPELINE_VERDICTS = PIPELINE / "verdicts.json"
CORPUS = REPO.parent / "shared" / "corpus" / "pypto-real"
SOCS = ("910B", "950")
REAL_CHECKOUT = Path(os.environ.get("PYPTO_REAL", "pypto-real"))  # the real compiler's build
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

_CONSTANT = re.compile(r"^\s*(%[A-Za-z0-9_]+) = arith\.constant (-?\d+) : i64")
_ALLOC = re.compile(
    r"pto\.alloc_tile addr = (%[A-Za-z0-9_]+) .*?!pto\.tile_buf<loc=(\w+), dtype=(\w+), rows=(\d+), cols=(\d+)"
)
_BITS = {"f32": 32, "f16": 16, "bf16": 16, "i32": 32, "i64": 64, "i16": 16, "i8": 8, "ui8": 8, "ui16": 16}
_SPACES = {"vec": "Vec", "mat": "Mat", "left": "Left", "right": "Right", "acc": "Acc", "bias": "Bias"}
# Our use line of `pto-lsp compile --emit memory`.
USE_LINE = re.compile(
    r"^(?P<kernel>\S+) \(line \d+\): (?P<space>\w+) (?P<at_most>at most )?(?P<used>[\d,]+) / [\d,]+ bytes$"
)


def real_use(pto: str) -> dict[str, int] | None:
    """Per memory space, the real planner's high-water mark in one `.pto` module; None when
    a tile has an address or a dtype this reading does not know."""
    constants = {m.group(1): int(m.group(2)) for line in pto.splitlines() if (m := _CONSTANT.match(line))}
    marks: dict[str, int] = {}
    for match in _ALLOC.finditer(pto):
        address = constants.get(match.group(1))
        bits = _BITS.get(match.group(3))
        space = _SPACES.get(match.group(2))
        if address is None or bits is None or space is None:
            return None
        rows, cols = int(match.group(4)), int(match.group(5))
        if space == "Acc":  # L0C's M rows, aligned (`L0cPhysicalBytes` on the 910B)
            alignment = 32 if match.group(3) == "i32" else 16
            rows = -(-rows // alignment) * alignment
        end = address + rows * cols * bits // 8
        marks[space] = max(marks.get(space, 0), (end + 31) // 32 * 32)
    return marks


def record() -> dict:
    index = json.loads((DATA / "real_pto" / "index.json").read_text(encoding="utf-8"))
    found: dict[str, dict[str, dict[str, int]]] = {}
    for file, entry in sorted(index.items()):
        for program in entry["programs"]:
            for kernel in program["kernels"]:
                use = real_use((DATA / "real_pto" / kernel["path"]).read_text(encoding="utf-8"))
                if use is not None:
                    found.setdefault(file, {})[f"{program['name']}.{kernel['function']}"] = use
    return found


def ours(report: str) -> dict[str, dict[str, tuple[int, bool]]]:
    """`compile --emit memory`'s lines: kernel -> space -> (bytes, exact)."""
    found: dict[str, dict[str, tuple[int, bool]]] = {}
    for line in report.splitlines():
        match = USE_LINE.match(line)
        if match:
            used = int(match.group("used").replace(",", ""))
            found.setdefault(match.group("kernel"), {})[match.group("space")] = (
                used,
                not match.group("at_most"),
            )
    return found


def record_cases() -> dict:
    """`memory_cases/`: what the real `ir.compile` (Ascend910B, PTOAS skipped) said of each
    case's program, through `real_memory_driver.py` (the real compiler's interpreter,
    `$PYPTO_PYTHON`): `ok`, the exception's class and first line (the case's path left out)
    or each function's use per space (`hwm`) beside the space's `limit`."""
    from compiler.codegen.tile_memory import capacity

    found: dict[str, dict] = {}
    for line in _driven(sorted(CASES.glob("*.py")), socs=("910B",)):
        case = Path(line["file"])
        programs = []
        for program in line.get("programs", []):
            verdict = program["socs"]["910B"]
            message = verdict.get("message")
            entry: dict = {
                "name": program["name"],
                "ok": "memory" in verdict,
                "error_class": verdict.get("error_class"),
                "message": message.replace(f"{case.parent}/", "") if message else None,
            }
            if "memory" in verdict:
                entry["memory"] = {
                    function: [
                        {"space": space, "hwm": used, "limit": capacity("910B", space)}
                        for space, used in spaces.items()
                    ]
                    for function, spaces in verdict["memory"].items()
                }
            programs.append(entry)
        found[case.name] = {"accepted": "import_error" not in line, "programs": programs}
    return found


def _kernel_name(function: str) -> str:
    """ExpandMixedKernel's halves under the kernel the author wrote."""
    for suffix in ("_aic", "_aiv"):
        if function.endswith(suffix):
            return function.removesuffix(suffix)
    return function


def _verdicts(lines: list[dict], root: Path, with_hints: bool = False) -> dict:
    """The driver's lines, keyed by file (relative to `root`) and program: per SoC, the
    real error (`error_class`, `message`) or each kernel's footprint per space."""
    found: dict[str, dict] = {}
    for line in lines:
        file = Path(line["file"]).resolve().relative_to(root.resolve()).as_posix()
        if "import_error" in line:
            continue  # not a program the real compiler builds alone (a package-relative import)
        programs: dict[str, dict] = {}
        for program in line["programs"]:
            judged: dict[str, dict] = {}
            for soc, verdict in program["socs"].items():
                if "memory" not in verdict:
                    message = verdict["message"].replace(f"{root.resolve()}/", "")
                    judged[soc] = {"error_class": verdict["error_class"], "message": message}
                    continue
                kernels: dict[str, dict[str, int]] = {}
                for function, spaces in verdict["memory"].items():
                    merged = kernels.setdefault(_kernel_name(function), {})
                    for space, used in spaces.items():
                        merged[space] = max(merged.get(space, 0), used)
                judged[soc] = {"memory": kernels}
                if with_hints and "hints" in verdict:
                    judged[soc]["hints"] = [
                        line.replace(f"{root.resolve()}/", "") for line in verdict["hints"]
                    ]
            programs[program["name"]] = judged
        if programs:
            found[file] = programs
    return found


def _driven(files: list[Path], socs: tuple[str, ...] = SOCS) -> list[dict]:
    """`real_memory_driver.py`'s lines for `files` on `socs`, run in the real compiler's interpreter."""
    import subprocess
    import tempfile

    python = os.environ.get("PYPTO_PYTHON", str(REAL_CHECKOUT / "venv" / "bin" / "python"))
    harness = Path(os.environ.get("PYPTO_SRC", "pypto-src")) / "tests" / "st"
    # Run from an empty directory: a kernel file that writes next to the working
    # directory writes there.
    with tempfile.TemporaryDirectory() as cwd:
        proc = subprocess.run(
            [python, str(Path(__file__).parent / "real_memory_driver.py"), ",".join(socs), *map(str, files)],
            capture_output=True,
            text=True,
            cwd=cwd,
            env={**os.environ, "PYTHONPATH": str(harness)},
            timeout=7200,
        )
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def record_socs() -> tuple[dict, dict]:
    return (
        _verdicts(_driven(sorted(CORPUS.rglob("*.py"))), CORPUS),
        _verdicts(_driven(sorted(MUTANTS.glob("*.py"))), MUTANTS),
    )


def record_mixed() -> dict:
    """`mixed_cases/`: each case's real verdict per SoC, its use per space (a mixed kernel's
    two halves under the kernel's name) and its PH001 log."""
    return _verdicts(_driven(sorted(MIXED.glob("*.py"))), MIXED, with_hints=True)


def record_dynamic() -> dict[str, dict[str, dict[str, int]]]:
    """`memory_cases/dynamic/` (kernels of tensors with `pl.dynamic` dims): each case's
    kernels' use (`_compiled_uses`), and its `.pto` kept beside the case
    (`<case>.<Program>.<kernel>.pto`, without its `loc(...)` suffixes, as `compile --emit
    mlir` prints it)."""
    found: dict[str, dict[str, dict[str, int]]] = {}
    for case in sorted(DYNAMIC.glob("*.py")):
        for name, text in _compiled_modules(case, {}).items():
            kept = DYNAMIC / f"{case.stem}.{name}.pto"
            kept.write_text(re.sub(r' loc\("[^"]*":\d+:\d+\)', "", text), encoding="utf-8")
            use = real_use(text)
            if use is not None:
                found.setdefault(case.name, {})[name] = use
    return found


def record_upstream() -> dict[str, dict[str, dict[str, int]]]:
    """`UPSTREAM_FILES` of `../shared/corpus/upstream`: each kernel's use as the real planner
    gives it, compiled as `_compiled_modules` compiles a file (pypto-lib's `golden` helpers
    replaced by `record_real_pto`'s stand-in)."""
    import tempfile

    from record_real_pto import _GOLDEN

    found: dict[str, dict[str, dict[str, int]]] = {}
    with tempfile.TemporaryDirectory() as shim:
        (Path(shim) / "golden.py").write_text(_GOLDEN, encoding="utf-8")
        for file in UPSTREAM_FILES:
            modules = _compiled_modules(UPSTREAM / file, {"PYTHONPATH": shim})
            found[file] = {name: use for name, text in modules.items() if (use := real_use(text)) is not None}
    return found


def _compiled_modules(path: Path, env: dict[str, str]) -> dict[str, str]:
    """The `.pto` of each kernel the real compiler writes for the file, compiled as
    `record_real_pto.py --worker` compiles one (its programs, and its `@pl.jit` entries as its
    `__main__` calls them), by `Program.kernel` as `real_memory.json` names them."""
    import subprocess
    import tempfile

    python = os.environ.get("PYPTO_PYTHON", str(REAL_CHECKOUT / "venv" / "bin" / "python"))
    found: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as out:
        proc = subprocess.run(
            [python, str(Path(__file__).parent / "record_real_pto.py"), "--worker", str(path), out],
            capture_output=True,
            text=True,
            cwd=str(path.parent),
            env={**os.environ, **env},
            timeout=3600,
        )
        record = json.loads(proc.stdout.strip().splitlines()[-1])
        for program in record["programs"]:
            for kernel in program["kernels"]:
                name = f"{program['name']}.{Path(kernel).stem}"
                found[name] = (Path(out) / kernel).read_text(encoding="utf-8")
    return found


def record_pipeline() -> dict:
    """`pipelined_memory/`: each `pl.pipeline` case's real verdict and use per space, per SoC."""
    return _verdicts(_driven(sorted(PIPELINE.glob("*.py"))), PIPELINE, with_hints=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--record-cases", action="store_true")
    parser.add_argument("--record-socs", action="store_true")
    parser.add_argument("--record-mixed", action="store_true")
    parser.add_argument("--record-plan", action="store_true")
    parser.add_argument("--record-dynamic", action="store_true")
    parser.add_argument("--record-upstream", action="store_true")
    parser.add_argument("--record-pipeline", action="store_true")
    args = parser.parse_args()
    if args.record_plan:
        PLAN_VERDICTS.write_text(
            json.dumps(_verdicts(_driven(sorted(PLAN.glob("*.py"))), PLAN), indent=1, sort_keys=True) + "\n",
            encoding="utf-8",
        )
    if args.record_upstream:
        UPSTREAM_RECORD.write_text(
            json.dumps(record_upstream(), indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
    if args.record_dynamic:
        DYNAMIC_VERDICTS.write_text(
            json.dumps(record_dynamic(), indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
    if args.record_pipeline:
        PIPELINE_VERDICTS.write_text(
            json.dumps(record_pipeline(), indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
    if args.record_mixed:
        MIXED_VERDICTS.write_text(
            json.dumps(record_mixed(), indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
    if args.record_socs:
        corpus, mutants = record_socs()
        for path, found in ((SOC_RECORD, corpus), (MUTANT_VERDICTS, mutants)):
            path.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if args.record:
        RECORD.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if args.record_cases:
        CASE_VERDICTS.write_text(
            json.dumps(record_cases(), indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
