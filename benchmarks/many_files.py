"""Peak memory of `pto-lsp check DIR` over many small kernel files (issue 21).

Writes N small kernel files (the shipped examples in turn) into a temporary folder and runs `python -m pto_lsp check` on it as a
subprocess, output thrown away, with `-j1` and `-j0`; prints the wall time and the
peak RSS of the largest process and of all its processes together (sampled from
/proc, `cli_throughput.run_once`). Memory must not grow with the number of files:
each file's report is written as soon as its batch is checked.

    python benchmarks/many_files.py --counts 2000,20000
    python benchmarks/many_files.py --counts 2000 --ours /tmp/old   # another checkout
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_throughput import run_once

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"


def write_files(folder: Path, count: int) -> None:
    """`count` files made of the shipped examples in turn (15 kernels of 20-40 lines, most
    with one mistake), each with a line naming it on top."""
    examples = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.py"))]
    for n in range(count):
        (folder / f"k{n:06d}.py").write_text(f"# file {n}\n" + examples[n % len(examples)], encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--counts", default="2000,20000", help="numbers of files, comma-separated")
    parser.add_argument("--jobs", default="1,0", help="values of --jobs, comma-separated")
    parser.add_argument("--ours", default=str(REPO), help="the checkout to run (default: this one)")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=args.ours)
    print(
        "| files | --jobs | wall s | exit | peak RSS, largest process (MB) | peak RSS, all processes (MB) |"
    )
    print("|---|---|---|---|---|---|")
    for count in (int(c) for c in args.counts.split(",")):
        with tempfile.TemporaryDirectory(prefix="pto-many-") as folder:
            write_files(Path(folder), count)
            for jobs in args.jobs.split(","):
                argv = [sys.executable, "-m", "pto_lsp", "check", "-j", jobs, folder]
                wall, _, peak, peak_all, status = run_once(argv, env, cwd=tempfile.gettempdir())
                print(
                    f"| {count:,} | {jobs} | {wall:.1f} | {status} | {peak:.0f} | {peak_all:.0f} |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
