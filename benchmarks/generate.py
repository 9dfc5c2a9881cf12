"""Generate large, realistic PyPTO kernel modules for the benchmark and the fuzzer.

A module is a header (licence comment, docstring, imports, shape constants) and
then `@pl.program` classes and `@pl.jit` functions until it has the number of
lines asked for. The shapes follow the real kernels (pypto's examples and
cross-core tests): InCore functions that load tiles with a block index, matmuls
under `pl.at(level=pl.Level.CORE_GROUP)`, `for i in pl.spmd(N)` bodies,
`with pl.spmd(N)` dispatches from an Orchestration function, cache-policy
declarations and `cache=` kwargs, module constants in the shapes, comments and
docstrings. About one definition in twelve carries one of the mistakes the
checker reports, so the file has a few errors, like a file being worked on.

    python benchmarks/generate.py 10000 > /tmp/k10k.py
"""

from __future__ import annotations

import random
import sys

HEADER = '''\
# Copyright (c) PyPTO benchmark authors.
# Generated kernel module for pto-lsp's scale benchmark: realistic shapes, not a real model.
# -----------------------------------------------------------------------------------------
"""Kernels of a made-up model, {programs} programs long.

Each program tiles its operands into [TILE_M, TILE_N] blocks; matmuls read the
weights past the cache (pl.CachePolicy.BYPASS), activations stay cached.
"""

from typing import Any

import pypto.language as pl

BATCH = 4
TILE_M = 128
TILE_N = 128
TILE_K = 64
HIDDEN = TILE_K * 4
CORE_NUM = 4
ROWS = CORE_NUM * TILE_M  # 512
'''

DTYPES = ["pl.FP32", "pl.FP16", "pl.BF16"]
ELEMENTWISE = ["add", "sub", "mul", "maximum"]


def _spmd_program(i: int, rnd: random.Random, mistake: str | None) -> str:
    op = rnd.choice(ELEMENTWISE)
    dtype = rnd.choice(DTYPES)
    cores = rnd.choice([2, 4, 8])
    marker = "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)"
    dispatch_marker = f"\n            {marker}" if mistake == "dispatch" else ""
    return f'''

@pl.program
class Spmd{op.title()}Program{i}:
    """SPMD elementwise {op}: {cores} blocks each process a [TILE_M, TILE_N] slice."""

    @pl.function(type=pl.FunctionType.InCore)
    def spmd_{op}(
        self,
        a: pl.Tensor[[ROWS, TILE_N], {dtype}],
        b: pl.Tensor[[ROWS, TILE_N], {dtype}],
        out: pl.Out[pl.Tensor[[ROWS, TILE_N], {dtype}]],
    ) -> pl.Tensor[[ROWS, TILE_N], {dtype}]:
        block_idx = pl.tile.get_block_idx()
        offset = block_idx * TILE_M
        tile_a = pl.load(a, [offset, 0], [TILE_M, TILE_N])
        tile_b = pl.load(b, [offset, 0], [TILE_M, TILE_N], cache=pl.CachePolicy.DEFAULT)
        tile_c = pl.{op}(tile_a, tile_b)
        out = pl.store(tile_c, [offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[ROWS, TILE_N], {dtype}],
        b: pl.Tensor[[ROWS, TILE_N], {dtype}],
        out: pl.Out[pl.Tensor[[ROWS, TILE_N], {dtype}]],
    ) -> pl.Tensor[[ROWS, TILE_N], {dtype}]:
        # One submission of {cores} blocks.
        with pl.spmd({cores}):{dispatch_marker}
            out = self.spmd_{op}(a, b, out)
        return out
'''


def _matmul_program(i: int, rnd: random.Random, mistake: str | None) -> str:
    m, k, n = rnd.choice([(256, 128, 256), (128, 64, 128), (256, 256, 128)])
    policy = {
        "typo": "pl.CachePolicy.BYPAS",
        "number": "1",
    }.get(mistake or "", "pl.CachePolicy.BYPASS")
    marker = f"pl.set_cache_policy(b, {policy})"
    if mistake == "keyword":
        marker = "pl.set_cache_policy(b, policy=pl.CachePolicy.BYPASS)"
    elif mistake == "not_a_name":
        marker = "pl.set_cache_policy(b[0:64, :], pl.CachePolicy.BYPASS)"
    extra = "\n            pl.set_cache_policy(b, pl.CachePolicy.DEFAULT)" if mistake == "conflict" else ""
    return f'''

@pl.program
class Matmul{i}:
    """C = A @ B on one core group; B is read once, so it bypasses the cache."""

    @pl.function
    def main(
        self,
        a: pl.Tensor[[{m}, {k}], pl.FP32],
        b: pl.Tensor[[{k}, {n}], pl.FP32],
        out: pl.Out[pl.Tensor[[{m}, {n}], pl.FP32]],
    ) -> pl.Tensor[[{m}, {n}], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm{i}"):
            {marker}  # every read of b streams{extra}
            c: pl.Tensor[[{m}, {n}], pl.FP32] = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        return out
'''


def _spmd_loop_program(i: int, rnd: random.Random, mistake: str | None) -> str:
    cores = rnd.choice([2, 4])
    rows = cores * 128
    if mistake == "nested":
        body = """\
            for k in pl.range(2):
                pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
                tile_k = pl.load(b, [offset + k * 64, 0], [64, 128])
                out = pl.store(tile_k, [offset + k * 64, 0], out)"""
    else:
        body = """\
            tile_b: pl.Tile[[128, 128], pl.FP32] = pl.load(b, [offset, 0], [128, 128])
            out = pl.store(tile_b, [offset, 0], out)"""
    return f"""

@pl.program
class SpmdLoop{i}:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        b: pl.Tensor[[{rows}, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[{rows}, 128], pl.FP32]],
    ) -> pl.Tensor[[{rows}, 128], pl.FP32]:
        for i in pl.spmd({cores}):
            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
            offset = i * 128
{body}
        return out
"""


def _stage(op: str, cache: str) -> str:
    """One elementwise InCore stage of a pipeline; `cache`: the kwargs of its first load."""
    return f"""    @pl.function(type=pl.FunctionType.InCore)
    def stage_{op}(
        self,
        a: pl.Tensor[[ROWS, TILE_N], pl.FP32],
        b: pl.Tensor[[ROWS, TILE_N], pl.FP32],
        out: pl.Out[pl.Tensor[[ROWS, TILE_N], pl.FP32]],
    ) -> pl.Tensor[[ROWS, TILE_N], pl.FP32]:
        block_idx = pl.tile.get_block_idx()
        offset = block_idx * TILE_M
        tile_a = pl.load(a, [offset, 0], [TILE_M, TILE_N]{cache})
        tile_b = pl.load(b, [offset, 0], [TILE_M, TILE_N])
        out = pl.store(pl.{op}(tile_a, tile_b), [offset, 0], out)
        return out
"""


def _pipeline_program(i: int, rnd: random.Random, mistake: str | None) -> str:
    """Three InCore stages and an orchestration that runs them in turn (like the cross-core tests)."""
    first, second = rnd.sample(ELEMENTWISE, 2)
    undefined = mistake == "undefined"
    marker = "pl.set_cache_policy(c, pl.CachePolicy.BYPASS)" if undefined else ""
    stage_marker = f"\n            {marker}" if marker else ""
    return f'''

@pl.program
class Pipeline{i}:
    """Three sequential stages: {first}, {second}, matmul.

    Stage 1: t1  = a {first} b
    Stage 2: t2  = t1 {second} a
    Stage 3: out = t2 @ w
    """

{_stage(first, "")}
{_stage(second, ", cache=pl.CachePolicy.BYPASS")}
    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[ROWS, TILE_N], pl.FP32],
        b: pl.Tensor[[ROWS, TILE_N], pl.FP32],
        w: pl.Tensor[[TILE_N, TILE_N], pl.FP32],
        t1: pl.Out[pl.Tensor[[ROWS, TILE_N], pl.FP32]],
        t2: pl.Out[pl.Tensor[[ROWS, TILE_N], pl.FP32]],
        out: pl.Out[pl.Tensor[[ROWS, TILE_N], pl.FP32]],
    ) -> pl.Tensor[[ROWS, TILE_N], pl.FP32]:
        with pl.spmd(CORE_NUM):
            t1 = self.stage_{first}(a, b, t1)
        with pl.spmd(CORE_NUM):
            t2 = self.stage_{second}(t1, a, t2)
        # (a scope, not a function of its own the orchestrator calls: the real compile builds
        # such a function as a second orchestration, which the first cannot call)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="project{i}"):
            pl.set_cache_policy(w, pl.CachePolicy.BYPASS){stage_marker}
            c = pl.matmul(t2, w, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        return out
'''


def _jit_function(i: int, rnd: random.Random, mistake: str | None) -> str:
    load = (
        "pl.load(x, [0, 0], [32, 32], cache=2)"
        if mistake == "load_cache"
        else ("pl.load(x, [0, 0], [32, 32], cache=pl.CachePolicy.BYPASS)")
    )
    return f'''

@pl.jit
def blend_{i}(x: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    """Blend x into b: x streams, b's first block is hot."""
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="blend{i}"):
        pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
        x_tile = {load}  # streams
        hot = pl.load(b, [0, 0], [32, 32], cache=pl.CachePolicy.DEFAULT)  # cached anyway
        rest = pl.load(b, [32, 0], [32, 32])  # BYPASS, from the declaration
        total = pl.add(pl.add(x_tile, hot), rest)
        out = pl.store(total, [0, 0], out)
    return out
'''


def _helper(i: int, rnd: random.Random, mistake: str | None) -> str:
    return f'''

def reference_{i}(a: Any, b: Any) -> Any:
    """Plain-Python reference for program {i} (not DSL code: never checked)."""
    rows = [x + y for x, y in zip(a, b)]
    return {{"rows": rows, "scale": {rnd.randint(1, 9)} / TILE_M}}
'''


# (template, weight, the mistakes it can carry)
TEMPLATES = [
    (_spmd_program, 3, ["dispatch"]),
    (_matmul_program, 3, ["typo", "number", "keyword", "not_a_name", "conflict"]),
    (_spmd_loop_program, 2, ["nested"]),
    (_pipeline_program, 2, ["undefined"]),
    (_jit_function, 2, ["load_cache"]),
    (_helper, 1, []),
]
MISTAKE_RATE = 1 / 12


def definitions(seed: int = 0, mistake_rate: float = MISTAKE_RATE):
    """An endless stream of (text, mistake) definitions, reproducible from `seed` (the same
    definitions whatever `mistake_rate`: only which ones carry their mistake changes)."""
    rnd = random.Random(seed)
    weights = [weight for _, weight, _ in TEMPLATES]
    i = 0
    while True:
        template, _, mistakes = rnd.choices(TEMPLATES, weights)[0]
        mistake = rnd.choice(mistakes) if mistakes and rnd.random() < mistake_rate else None
        yield template(i, rnd, mistake), mistake
        i += 1


def generate_module(lines: int, seed: int = 0, mistakes: bool = True) -> str:
    """A kernel module of about `lines` lines (never fewer); without `mistakes`, the same
    module with every definition written correctly."""
    parts: list[str] = []
    count = HEADER.count("\n")
    for text, _ in definitions(seed, MISTAKE_RATE if mistakes else 0.0):
        if count >= lines:
            break
        parts.append(text)
        count += text.count("\n")
    programs = sum(part.count("@pl.program") for part in parts)
    return HEADER.format(programs=programs) + "".join(parts)


def one_definition(index: int, seed: int = 1) -> str:
    """A single definition (the benchmark pastes one), without a mistake."""
    rnd = random.Random(seed * 1000 + index)
    return _pipeline_program(10_000 + index, rnd, None)


def main(argv: list[str]) -> int:
    lines = int(argv[1]) if len(argv) > 1 else 1000
    seed = int(argv[2]) if len(argv) > 2 else 0
    sys.stdout.write(generate_module(lines, seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
