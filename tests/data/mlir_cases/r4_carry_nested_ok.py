import pypto.language as pl


@pl.program
class Two:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        for i, (p,) in pl.range(0, 2, init_values=(t,)):
            for j, (q,) in pl.range(0, 2, init_values=(p,)):
                q2 = pl.add(q, q)
                qr = pl.yield_(q2)
            pr = pl.yield_(qr)
        t = pr
        y = pl.store(t, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        out = self.scale(a, out)
        return out
