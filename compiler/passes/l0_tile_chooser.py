"""The L0 tile shape AutoTileMatmulL0 gives a matmul of Mat operands (the real `ChooseL0Tile`).

The real chooser is an exhaustive search: every 16-aligned `(m, n, k)` whose operands fit
L0A / L0B (the moving operands double-buffered, so half of each) and whose accumulator fits
L0C is scored by a roofline model of the cube (the L1 -> L0 loads, the MAD issue, the
FIXPIPE drain of each output tile, in cycles), and the lowest wall wins; equal walls are
broken by the padded compute volume, the number of K blocks, the load cycles, the larger
`m * n`, the larger `k`. When the best output-stationary tile is not the whole matmul,
holding A or B across the whole K (its buffer then whole, the other halved) is scored too
and taken only when strictly cheaper. The cost model's numbers are the backend's.

The arithmetic follows the real one step by step (its doubles, the same order of
operations, its rounding to whole cycles), so that equal walls tie as they do there.
Not modelled: a bias's N caps and the boxed layouts of `tile.matmul_bias` and of the
split-K chains, padding, and the L0C double buffer (off under the default planner).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum


class Stationarity(Enum):
    OUTPUT = "output"  # both operands stream (the only choice when k < K)
    A = "a"  # the left operand held across the moving columns (k == K)
    B = "b"  # the right operand held across the moving rows (k == K)


@dataclass(frozen=True)
class CostModel:
    """A backend's `L0CostModel` (bytes per cycle, cycles)."""

    bw_a: float
    bw_b: float
    bw_drain: float
    drain_fixed: float
    drain_row: float
    drain_penalty: float
    drain_c0_bytes: int
    mad_head: int
    mad_k_fractal_bytes: int
    mad_fp32_passes: int


@dataclass(frozen=True)
class L0Backend:
    """What the chooser reads from a backend: L0 capacities (bytes), the cube's fractal
    alignment (also the minimum tile side) and its cost model."""

    l0a: int
    l0b: int
    l0c: int
    cost: CostModel
    align: int = 16


# The real backends' values: Ascend910B (a2a3) and Ascend950 (a5).
BACKENDS: dict[str, L0Backend] = {
    "910B": L0Backend(
        64 * 1024, 64 * 1024, 128 * 1024, CostModel(129.7, 85.4, 118.0, 164.0, 4.45, 2.6, 32, 21, 32, 2)
    ),
    "950": L0Backend(
        64 * 1024, 64 * 1024, 256 * 1024, CostModel(206.3, 223.8, 30.0, 343.4, 4.59, 0.26, 32, 25, 32, 8)
    ),
}


@dataclass(frozen=True)
class Problem:
    """One matmul: `[M, K] x [K, N] -> [M, N]`, its element sizes, whether it reads its
    accumulator (`tile.matmul_acc`) and the accumulator's physical row alignment."""

    M: int
    N: int
    K: int
    bytes_a: int
    bytes_b: int
    bytes_c: int
    c_read: bool = False
    l0c_align_m: int = 16


@dataclass(frozen=True)
class L0Tile:
    m: int
    n: int
    k: int
    stationarity: Stationarity
    os_holds_a: bool  # a whole-K output-stationary tile: the left operand is the hoisted one


@dataclass(frozen=True)
class _Candidate:
    m: int
    n: int
    k: int
    cost: int
    padded: int
    load: float
    stationarity: Stationarity


def _align_up(x: int, a: int) -> int:
    return (x + a - 1) // a * a


def _ceil_div(a: int, b: int) -> int:
    return (a + b - 1) // b


def _odd_part(x: int) -> int:
    while x % 2 == 0:
        x //= 2
    return x


def _llround(x: float) -> int:
    """C's `llround` of a non-negative double: halves away from zero."""
    whole = math.floor(x)
    return whole + 1 if x - whole >= 0.5 else whole


class _Search:
    def __init__(self, problem: Problem, backend: L0Backend) -> None:
        self.p = problem
        self.b = backend
        self.cost = backend.cost

    # --- the roofline terms (cycles)

    def _held(self, m: int, n: int) -> tuple[float, float]:
        """The load cycles holding A (B streamed per row block) and holding B."""
        p, c = self.p, self.cost
        M, N, K = float(p.M), float(p.N), float(p.K)
        ceil_n = float(_ceil_div(p.N, n))
        ceil_m = float(_ceil_div(p.M, m))
        ba, bb = float(p.bytes_a), float(p.bytes_b)
        held_a = (ba * M * K) / c.bw_a + (bb * K * N * ceil_m) / c.bw_b
        held_b = (ba * M * K * ceil_n) / c.bw_a + (bb * K * N) / c.bw_b
        return held_a, held_b

    def os_holds_a(self, m: int, n: int) -> bool:
        held_a, held_b = self._held(m, n)
        return held_a <= held_b

    def load_cycles(self, m: int, n: int, k: int, stationarity: Stationarity) -> float:
        held_a, held_b = self._held(m, n)
        if stationarity is Stationarity.A:
            return held_a
        if stationarity is Stationarity.B:
            return held_b
        if k >= self.p.K:
            return held_a if held_a <= held_b else held_b
        p, c = self.p, self.cost
        M, N, K = float(p.M), float(p.N), float(p.K)
        ceil_n = float(_ceil_div(p.N, n))
        ceil_m = float(_ceil_div(p.M, m))
        return (float(p.bytes_a) * M * K * ceil_n) / c.bw_a + (float(p.bytes_b) * K * N * ceil_m) / c.bw_b

    def mad_cycles(self, m: int, n: int, k: int) -> int:
        p, c, align = self.p, self.cost, self.b.align
        kt = max(1, c.mad_k_fractal_bytes // p.bytes_a)
        passes = max(1, c.mad_fp32_passes) if p.bytes_a == 4 else max(1, p.bytes_a // 2)
        full = p.K // k
        tail = p.K - full * k
        blocks = full + (1 if tail > 0 else 0)
        fractals = full * _ceil_div(k, kt) + (_ceil_div(tail, kt) if tail > 0 else 0)
        per_tile = blocks * c.mad_head + passes * _ceil_div(m, align) * fractals * _ceil_div(n, align)
        return _ceil_div(p.M, m) * _ceil_div(p.N, n) * per_tile

    def drain_cycles(self, m: int, n: int) -> float:
        p, c = self.p, self.cost
        drains = float(_ceil_div(p.M, m) * _ceil_div(p.N, n))
        n0 = max(1, c.drain_c0_bytes // p.bytes_c)
        fractals = _ceil_div(n, n0)
        throughput = float(p.bytes_c) * n / c.bw_drain
        per_row = max(c.drain_row, throughput) + c.drain_penalty * float(_odd_part(fractals) - 1)
        return drains * (c.drain_fixed + float(m) * per_row)

    def wall(self, m: int, n: int, k: int, stationarity: Stationarity) -> int:
        compute = max(self.load_cycles(m, n, k, stationarity), float(self.mad_cycles(m, n, k)))
        return _llround(compute + self.drain_cycles(m, n))

    # --- the search

    def legal_ks(self, m: int, n: int, a_budget: int, b_budget: int) -> range:
        """Every aligned k whose operands fit (K is aligned, so a k that does not divide it
        leaves an aligned tail the pass peels)."""
        align = self.b.align
        cap = min(a_budget // m, b_budget // n)
        k_hi = min(cap, self.p.K) // align * align
        return range(align, k_hi + 1, align)

    def candidate(
        self, m: int, n: int, k: int, l0c_budget: int, stationarity: Stationarity
    ) -> _Candidate | None:
        p = self.p
        if m > p.M or n > p.N:
            return None
        if _align_up(m, p.l0c_align_m) * n > l0c_budget:
            return None
        padded = _ceil_div(p.M, m) * m * _ceil_div(p.N, n) * n * _ceil_div(p.K, k) * k
        return _Candidate(
            m,
            n,
            k,
            self.wall(m, n, k, stationarity),
            padded,
            self.load_cycles(m, n, k, stationarity),
            stationarity,
        )

    def better(self, a: _Candidate, b: _Candidate) -> bool:
        if a.cost != b.cost:
            return a.cost < b.cost
        if a.padded != b.padded:
            return a.padded < b.padded
        a_blocks, b_blocks = _ceil_div(self.p.K, a.k), _ceil_div(self.p.K, b.k)
        if a_blocks != b_blocks:
            return a_blocks < b_blocks
        if a.load != b.load:
            return a.load < b.load
        if a.m * a.n != b.m * b.n:
            return a.m * a.n > b.m * b.n
        return a.k > b.k

    def best(
        self, stationarity: Stationarity, a_budget: int, b_budget: int, l0c_budget: int, full_k: bool
    ) -> _Candidate | None:
        p, align = self.p, self.b.align
        found: _Candidate | None = None
        for m in range(align, p.M + 1, align):
            physical_m = _align_up(m, p.l0c_align_m)
            if physical_m > l0c_budget // align:
                break  # not even the narrowest n fits beside it, nor beside a larger m
            for n in range(align, min(p.N, l0c_budget // physical_m) + 1, align):
                for k in self.legal_ks(m, n, a_budget, b_budget):
                    if full_k and k != p.K:
                        continue
                    found_here = self.candidate(m, n, k, l0c_budget, stationarity)
                    if found_here is not None and (found is None or self.better(found_here, found)):
                        found = found_here
        return found


def choose_l0_tile(problem: Problem, backend: L0Backend) -> L0Tile | None:
    """The real chooser's `(m, n, k)` for `problem`; None where it refuses the problem (a
    side below the cube's 16, a K not a multiple of 16, nothing fits), which the pass
    leaves as it is."""
    p, align = problem, backend.align
    if min(p.M, p.N, p.K) < align or p.K % align != 0:
        return None
    search = _Search(problem, backend)
    moving_a = backend.l0a // (p.bytes_a * 2)
    moving_b = backend.l0b // (p.bytes_b * 2)
    l0c_budget = backend.l0c // p.bytes_c
    if align > moving_a // align or align > moving_b // align:
        return None
    if _align_up(align, p.l0c_align_m) * align > l0c_budget:
        return None
    best = search.best(Stationarity.OUTPUT, moving_a, moving_b, l0c_budget, full_k=False)
    if best is None:
        return None
    if (best.m, best.n, best.k) != (p.M, p.N, p.K):
        # Holding one operand (its whole buffer) across a full-K grid, only when strictly cheaper.
        held = (
            (Stationarity.A, backend.l0a // p.bytes_a, moving_b),
            (Stationarity.B, moving_a, backend.l0b // p.bytes_b),
        )
        for stationarity, a_budget, b_budget in held:
            other = search.best(stationarity, a_budget, b_budget, l0c_budget, full_k=True)
            if other is not None and other.cost < best.cost:
                best = other
    return L0Tile(best.m, best.n, best.k, best.stationarity, search.os_holds_a(best.m, best.n))
