# pypto.program: GatherCompareEqProgram
import pypto.language as pl

@pl.program
class GatherCompareEqProgram:
    @pl.function
    def main(self, src: pl.Tensor[[16, 64], pl.INT32], kv_buf: pl.Tensor[[1], pl.INT32], out_dst: pl.Out[pl.Tensor[[16, 8], pl.INT32]], out_cdst: pl.Out[pl.Tensor[[1, 16], pl.INT32]]) -> tuple[pl.Tensor[[16, 8], pl.INT32], pl.Tensor[[1, 16], pl.INT32]]:
        with pl.at(level=pl.Level.CORE_GROUP):
            kvalue: pl.Scalar[pl.INT32] = pl.tensor.read(kv_buf, [0])
            _tuple_tmp: pl.Tuple[pl.Tensor[[16, 8], pl.INT32], pl.Tensor[[1, 16], pl.INT32]] = pl.tensor.gather_compare(src, kvalue, cmp_mode=0, offset=0, out_cols=8)
            dst: pl.Tensor[[16, 8], pl.INT32] = _tuple_tmp[0]
            cdst: pl.Tensor[[1, 16], pl.INT32] = _tuple_tmp[1]
            out_dst: pl.Tensor[[16, 8], pl.INT32] = pl.tensor.assemble(out_dst, dst, [0, 0])
            out_cdst: pl.Tensor[[1, 16], pl.INT32] = pl.tensor.assemble(out_cdst, cdst, [0, 0])
        return out_dst, out_cdst
