# pypto.program: TensorSubsBf16Program
import pypto.language as pl

@pl.program
class TensorSubsBf16Program:
    @pl.function
    def main(self, src__ssa_v0: pl.Tensor[[32, 64], pl.BF16], out__ssa_v0: pl.Out[pl.Tensor[[32, 64], pl.BF16]]) -> pl.Tensor[[32, 64], pl.BF16]:
        with pl.at(level=pl.Level.CORE_GROUP):
            # The parser requires a source literal; __init__ guards the matching oracle value.
            result__ssa_v0: pl.Tensor[[32, 64], pl.BF16] = pl.tensor.subs(src__ssa_v0, pl.const(1.5, pl.BF16))
            out__ssa_v1: pl.Tensor[[32, 64], pl.BF16] = pl.tensor.assemble(out__ssa_v0, result__ssa_v0, [0, 0])
        return out__ssa_v1
