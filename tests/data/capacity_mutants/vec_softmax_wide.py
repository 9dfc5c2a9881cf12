import pypto.language as pl


@pl.program
class GrownSoftmaxWide:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax(
        self,
        a: pl.Tensor[[128, 256], pl.FP32],
        output: pl.Out[pl.Tensor[[128, 256], pl.FP32]],
    ) -> pl.Tensor[[128, 256], pl.FP32]:
        tile_a = pl.load(a, [0, 0], [128, 256])
        max_tmp = pl.create_tile([128, 256], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        row_max: pl.Tile[[128, 1], pl.FP32] = pl.row_max(tile_a, max_tmp)
        shifted = pl.row_expand_sub(tile_a, row_max)
        exp_shifted = pl.exp(shifted)
        sum_tmp = pl.create_tile([128, 256], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        row_sum: pl.Tile[[128, 1], pl.FP32] = pl.row_sum(exp_shifted, sum_tmp)
        result = pl.row_expand_div(exp_shifted, row_sum)
        out = pl.store(result, [0, 0], output)
        return out
