# pypto.program: TensorSubsBf16Program
import pypto.language as pl

@pl.program
class TensorSubsBf16Program:
    @pl.function
    def main(self, src: pl.Tensor[[32, 64], pl.BF16], out: pl.Out[pl.Tensor[[32, 64], pl.BF16]]) -> pl.Tensor[[32, 64], pl.BF16]:
        with pl.at(level=pl.Level.CORE_GROUP):
            # The parser requires a source literal; __init__ guards the matching oracle value.
            result: pl.Tensor[[32, 64], pl.BF16] = pl.tensor.subs(src, pl.const(1.5, pl.BF16))
            out: pl.Tensor[[32, 64], pl.BF16] = pl.tensor.assemble(out, result, [0, 0])
        return out
