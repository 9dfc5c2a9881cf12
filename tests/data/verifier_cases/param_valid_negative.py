import pypto.language as pl


@pl.program
class ForLoopAddProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_add_loop(
        self,
        a: pl.Tensor[[256, 64], pl.FP32, pl.TensorView(valid_shape=[-1, 64], layout=pl.TensorLayout.ND)],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(b, [0, 0], [64, 64])
        out = pl.store(tile_a, [0, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[256, 64], pl.FP32, pl.TensorView(valid_shape=[-1, 64], layout=pl.TensorLayout.ND)],
        b: pl.Tensor[[256, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[256, 64], pl.FP32]],
    ) -> pl.Tensor[[256, 64], pl.FP32]:
        c = self.kernel_add_loop(a, b, c)
        return c
