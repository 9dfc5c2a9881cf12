"""Where the server's memory goes, for a soak run: `PTO_LSP_TRACEMALLOC=FILE pto-lsp serve`
traces allocations (tracemalloc) and, when the server ends, writes the live allocations
that take the most memory to FILE, by line and by call stack (`benchmarks/soak.py --trace`).

Tracing slows the server down several times; it is off unless the variable is set.
"""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

VARIABLE = "PTO_LSP_TRACEMALLOC"
_FRAMES = 12


def start_from_environment() -> None:
    if os.environ.get(VARIABLE) and not tracemalloc.is_tracing():
        tracemalloc.start(_FRAMES)


def write_report(top: int = 25) -> None:
    """The largest live allocations, to the file named by the variable (if tracing)."""
    target = os.environ.get(VARIABLE)
    if not target or not tracemalloc.is_tracing():
        return
    snapshot = tracemalloc.take_snapshot().filter_traces(
        [
            tracemalloc.Filter(False, tracemalloc.__file__),
            tracemalloc.Filter(False, "<frozen importlib._bootstrap*>"),
        ]
    )
    current, peak = tracemalloc.get_traced_memory()
    lines = [f"traced: {current / 2**20:.1f} MB live, {peak / 2**20:.1f} MB peak", "", "by line:"]
    lines += [f"  {stat}" for stat in snapshot.statistics("lineno")[:top]]
    lines += ["", "by call stack:"]
    for stat in snapshot.statistics("traceback")[: top // 3]:
        lines.append(f"  {stat.size / 2**20:.2f} MB in {stat.count} blocks")
        lines += [f"      {line}" for line in stat.traceback.format(most_recent_first=True)[: 2 * _FRAMES]]
    Path(target).write_text("\n".join(lines) + "\n", encoding="utf-8")
