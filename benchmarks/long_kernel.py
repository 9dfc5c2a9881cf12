"""How the cost of checking one kernel grows with its length (issue 31).

    python benchmarks/long_kernel.py [--statements 1000,2000,5000,10000] [--runs 3]
                                     [--server-dir DIR] [--json results.json]

One InCore kernel of N straight-line statements, as a model's kernel looks once its
loops are unrolled by hand: groups of eight — a load, element-wise ops that read the
tiles one to four statements back (so several tiles are live at once and the memory
planner has buffers to share out), a store. The whole `pto-lsp check` analysis of the
module (parser, passes, codegen's memory planning, the checks) is timed in process, the
best of `--runs`, and divided by N: linear growth keeps the time per statement flat.

`--server-dir DIR` imports the analysis of another checkout (say main exported with
`git archive`), to compare. The check finds no error in these kernels (a hint at most:
their 64-element FP32 rows are below the cache line, `PTO631`); the script says what it
finds.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
_OPS = ("pl.add({a}, {b})", "pl.mul({a}, {b})", "pl.sub({a}, {b})", "pl.maximum({a}, {b})")


def long_kernel(statements: int) -> str:
    lines = [
        "import pypto.language as pl",
        "",
        "",
        "@pl.program",
        "class Long:",
        "    @pl.function(type=pl.FunctionType.InCore)",
        "    def kernel(",
        "        self,",
        "        a: pl.Tensor[[64, 64], pl.FP32],",
        "        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],",
        "    ) -> pl.Tensor[[64, 64], pl.FP32]:",
    ]
    group: list[str] = []  # the tiles of the current group
    for number in range(statements):
        position = number % 8
        name = f"t{number}"
        if position == 0:
            group = [name]
            lines.append(f"        {name} = pl.load(a, [0, 0], [64, 64])")
        elif position == 7:
            lines.append(f"        out = pl.store({group[-1]}, [0, 0], out)")
        else:
            back = group[-min(len(group), 1 + number % 4)]
            lines.append(f"        {name} = {_OPS[number % len(_OPS)].format(a=group[-1], b=back)}")
            group.append(name)
    lines.append("        return out")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--statements", default="1000,2000,5000,10000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--server-dir", type=Path, default=REPO, help="analyse with this checkout")
    parser.add_argument("--json", type=Path)
    arguments = parser.parse_args()
    sys.path.insert(0, str(arguments.server_dir.resolve()))
    from compiler.batch import check_modules

    results = []
    for count in (int(n) for n in arguments.statements.split(",")):
        source = long_kernel(count)
        best = float("inf")
        for _ in range(arguments.runs):
            gc.collect()
            gc.disable()  # as `pto-lsp check` runs (`collector_paused`)
            start = time.perf_counter()
            [report] = check_modules([source], jobs=1)
            best = min(best, time.perf_counter() - start)
            gc.enable()
        found = [f"{d.span.start_line}: {d.message}" for d in report.diagnostics]
        results.append({"statements": count, "seconds": best, "diagnostics": found})
        print(
            f"{count:>6} statements: {best:7.3f} s, {best / count * 1e6:6.0f} µs per statement"
            + (f"  ({len(found)} diagnostics, the first: {found[0]})" if found else ""),
            flush=True,
        )
    if arguments.json:
        arguments.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
