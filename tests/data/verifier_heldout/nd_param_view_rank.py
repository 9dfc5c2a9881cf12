import pypto.language as pl
@pl.program
class Tile4DMulPartialProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[4, 3, 8, 64], pl.FP32, pl.TensorView(valid_shape=[4, 3, 8], layout=pl.TensorLayout.ND)],
        out: pl.InOut[pl.Tensor[[4, 3, 8, 64], pl.FP32]],
    ) -> pl.Tensor[[4, 3, 8, 64], pl.FP32]:
        b_tile = pl.tile.create([2, 3, 8, 64], pl.FP32, target_memory=pl.MemorySpace.Vec)
        out = pl.store(b_tile, [2, 0, 0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[4, 3, 8, 64], pl.FP32, pl.TensorView(valid_shape=[4, 3, 8], layout=pl.TensorLayout.ND)],
        out: pl.InOut[pl.Tensor[[4, 3, 8, 64], pl.FP32]],
    ) -> pl.Tensor[[4, 3, 8, 64], pl.FP32]:
        out = self.kernel(a, out)
        return out
