import pypto.language as pl


@pl.program
class NoBroadcast:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4, 8, 16], pl.FP32], y: pl.Out[pl.Tensor[[4, 8, 16], pl.FP32]]) -> pl.Tensor[[4, 8, 16], pl.FP32]:
        out: pl.Tensor[[4, 8, 16], pl.FP32] = pl.expand_clone(x, y)
        return out


@pl.program
class MiddleBroadcast:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4, 1, 16], pl.FP32], y: pl.Out[pl.Tensor[[4, 8, 16], pl.FP32]]) -> pl.Tensor[[4, 8, 16], pl.FP32]:
        out: pl.Tensor[[4, 8, 16], pl.FP32] = pl.expand_clone(x, y)
        return out


@pl.program
class LastBroadcast:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4, 8, 1], pl.FP32], y: pl.Out[pl.Tensor[[4, 8, 16], pl.FP32]]) -> pl.Tensor[[4, 8, 16], pl.FP32]:
        out: pl.Tensor[[4, 8, 16], pl.FP32] = pl.expand_clone(x, y)
        return out
