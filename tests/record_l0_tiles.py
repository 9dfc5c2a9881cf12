"""Record the real `ChooseL0Tile`'s L0 tiles (AutoTileMatmulL0's chooser) for a grid of matmuls.

    PYPTO_PYTHON=/path/to/real/venv/bin/python python tests/record_l0_tiles.py

Runs the real PyPTO's Python binding of the chooser (`pypto_core.passes.l0_tile_chooser`)
with the configuration AutoTileMatmulL0 builds for a plain or accumulating matmul of Mat
operands on each backend, and writes `tests/data/l0_tiles.json`: one row per problem,
`[soc, M, N, K, bytes_a, bytes_b, bytes_c, c_read, l0c_align_m, m, n, k, stationarity,
os_holds_a]` (m = 0: the chooser refused it). `tests/test_l0_tile_chooser.py` holds ours to it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from compiler.passes.l0_tile_chooser import BACKENDS

OUT = Path(__file__).parent / "data" / "l0_tiles.json"

# Output and operand sides met in kernels (small, odd multiples of 16, powers of two,
# beyond L0C), K from one fractal to deep reductions; the element sizes of BF16 / FP16,
# FP32 and INT8 operands.
SIDES = (16, 32, 48, 64, 80, 96, 128, 160, 192, 256, 384, 512)
KS = (16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048)
DTYPES = ((2, 2, 4, 16), (4, 4, 4, 16), (1, 1, 4, 32))

_RUNNER = r"""
import json, sys
from pypto.pypto_core.passes import l0_tile_chooser as t
rows = []
for soc, backend, M, N, K, ba, bb, bc, c_read, align_c in json.loads(sys.stdin.read()):
    cfg = t.L0TileConfig()
    cfg.M, cfg.N, cfg.K = M, N, K
    cfg.l0a_bytes, cfg.l0b_bytes, cfg.l0c_bytes = backend["l0a"], backend["l0b"], backend["l0c"]
    for name, value in backend["cost"].items():
        setattr(cfg, name, value)
    cfg.bytes_a, cfg.bytes_b, cfg.bytes_c = ba, bb, bc
    cfg.l0c_align_m = align_c
    cfg.allow_a_stationary = cfg.allow_b_stationary = True
    cfg.allow_double_buffer_c = False
    cfg.allow_padding = False
    cfg.allow_k_boundary = True
    cfg.c_read = c_read
    try:
        r = t.choose_l0_tile(cfg)
        got = [r.m, r.n, r.k, str(r.stationarity).rsplit(".", 1)[-1], r.os_holds_a]
    except Exception:
        got = [0, 0, 0, "", False]
    rows.append([soc, M, N, K, ba, bb, bc, c_read, align_c, *got])
print(json.dumps(rows))
"""


def _backend(soc: str) -> dict:
    b = BACKENDS[soc]
    c = b.cost
    cost = {
        "bw_a": c.bw_a,
        "bw_b": c.bw_b,
        "bw_drain": c.bw_drain,
        "drain_fixed_cycles": c.drain_fixed,
        "drain_row_cycles": c.drain_row,
        "drain_penalty_cycles": c.drain_penalty,
        "drain_c0_bytes": c.drain_c0_bytes,
        "mad_head": c.mad_head,
        "mad_k_fractal_bytes": c.mad_k_fractal_bytes,
        "mad_fp32_passes": c.mad_fp32_passes,
    }
    return {"l0a": b.l0a, "l0b": b.l0b, "l0c": b.l0c, "cost": cost}


def problems() -> list[list]:
    found = []
    for soc in BACKENDS:
        backend = _backend(soc)
        for ba, bb, bc, align_c in DTYPES:
            for M in SIDES:
                for N in SIDES:
                    for K in KS:
                        for c_read in (False, True):
                            if c_read and (M, N) not in ((16, 256), (64, 64), (128, 128), (256, 256)):
                                continue  # the accumulating form on a few shapes
                            found.append([soc, backend, M, N, K, ba, bb, bc, c_read, align_c])
    return found


def main() -> None:
    python = os.environ.get("PYPTO_PYTHON")
    if not python:
        sys.exit("set PYPTO_PYTHON to the real PyPTO's python")
    proc = subprocess.run(
        [python, "-c", _RUNNER], input=json.dumps(problems()), capture_output=True, text=True, check=True
    )
    rows = json.loads(proc.stdout)
    OUT.write_text("[\n" + ",\n".join(json.dumps(row) for row in rows) + "\n]\n", encoding="utf-8")
    print(f"{len(rows)} problems -> {OUT}")


if __name__ == "__main__":
    main()
