import pypto.language as pl
@pl.program
class OrchRangeCarryRebindProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_add_one(
        self,
        src: pl.Tensor[[16, 64], pl.FP32],
        dst: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        tile_in: pl.Tile[[16, 64], pl.FP32] = pl.load(src, [0, 0], [16, 64])
        tile_out: pl.Tile[[16, 64], pl.FP32] = pl.add(tile_in, 1.0)
        out: pl.Tensor[[16, 64], pl.FP32] = pl.store(tile_out, [0, 0], dst)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        current_hidden: pl.Tensor[[16, 64], pl.FP32] = pl.create_tensor([16, 64], dtype=pl.FP32)
        for k, (h,) in pl.range(4, init_values=(current_hidden,)):
            h2: pl.Tensor[[16, 64], pl.FP16] = pl.create_tensor([16, 64], dtype=pl.FP16)
            h_out = pl.yield_(h2)
        c = self.kernel_add_one(a, c)
        return c
