import pypto.language as pl


@pl.program
class GatherRowInPlace:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(
        self,
        src: pl.Tensor[[256, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        rows = pl.tile.create([32, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        rows = pl.gather_row(rows, src, [0, 0], [8, 0], [16, 64])  # written in place
        rows = pl.gather_row(rows, src, [16, 0], [128, 0], [16, 64])
        doubled = pl.add(rows, rows)
        out = pl.store(doubled, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, src: pl.Tensor[[256, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        out = pl.create_tensor([32, 64], dtype=pl.FP32)
        out = self.gather(src, out)
        return out
