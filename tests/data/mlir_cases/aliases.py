"""A tile named anew (`u = t`: its own pto.alloc_tile at its buffer; of an if's result, of a
loop's, in a chain) and a tensor read or written after a store (its partition named after the
store's result); a loop yielding a tile named anew (MemoryReuse moves it), in kernels of our own
(held to the real compiler's .pto in tests/data/mlir_cases/aliases/, recorded by
tests/record_mlir_cases.py)."""

import pypto.language as pl


@pl.program
class TileCopy:
    @pl.function(type=pl.FunctionType.InCore)
    def copy_then_add(
        self,
        x: pl.Tensor[[32, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        u = t
        v = pl.add(u, t)
        w = pl.exp(v)
        y = pl.store(w, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self, a: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        out = self.copy_then_add(a, out)
        return out


@pl.program
class StoreThenLoad:
    @pl.function(type=pl.FunctionType.InCore)
    def store_load_store(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        y = pl.store(t, [0, 0], y)
        back = pl.load(y, [0, 0], [32, 64])
        twice = pl.add(back, t)
        y = pl.store(twice, [32, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        out = self.store_load_store(a, out)
        return out


@pl.program
class CopyInLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def copy_in_loop(
        self,
        x: pl.Tensor[[32, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        for i, (acc,) in pl.range(0, 3, init_values=(t,)):
            nxt = pl.mul(acc, t)
            same = nxt
            out = pl.yield_(same)
        y = pl.store(out, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self, a: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        out = self.copy_in_loop(a, out)
        return out


@pl.program
class AliasOfPhi:
    @pl.function(type=pl.FunctionType.InCore)
    def alias_phi(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        b: pl.Tensor[[32, 64], pl.FP32],
        flag: pl.Scalar[pl.INT32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        ta: pl.Tile[[32, 64], pl.FP32] = pl.load(a, [0, 0], [32, 64])
        tb: pl.Tile[[32, 64], pl.FP32] = pl.load(b, [0, 0], [32, 64])
        if flag >= 2:
            t: pl.Tile[[32, 64], pl.FP32] = pl.add(ta, tb)
        else:
            t: pl.Tile[[32, 64], pl.FP32] = pl.sub(ta, tb)
        u = t
        v = pl.mul(u, ta)
        out = pl.store(v, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        b: pl.Tensor[[32, 64], pl.FP32],
        flag_tensor: pl.Tensor[[1], pl.INT32],
        c: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        flag: pl.Scalar[pl.INT32] = pl.tensor.read(flag_tensor, [0])
        c = self.alias_phi(a, b, flag, c)
        return c


@pl.program
class AliasChain:
    @pl.function(type=pl.FunctionType.InCore)
    def alias_chain(
        self,
        x: pl.Tensor[[32, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        e = pl.exp(t)
        u = e
        w = u
        s = pl.add(w, t)
        r = pl.row_sum(s, u)
        y = pl.store(s, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self, a: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        out = self.alias_chain(a, out)
        return out


@pl.program
class AliasAfterLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def alias_after_loop(
        self,
        x: pl.Tensor[[32, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        for i, (acc,) in pl.range(0, 3, init_values=(t,)):
            nxt = pl.mul(acc, t)
            out = pl.yield_(nxt)
        fin = out
        z = pl.add(fin, t)
        y = pl.store(z, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self, a: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        out = self.alias_after_loop(a, out)
        return out
