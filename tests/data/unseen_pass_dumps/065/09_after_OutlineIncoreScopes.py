# pypto.program: GatherCompareGtFP16Program
import pypto.language as pl

@pl.program
class GatherCompareGtFP16Program:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def main_incore_0(kv_buf__ssa_v0: pl.Tensor[[1], pl.FP16], src__ssa_v0: pl.Tensor[[16, 64], pl.FP16], out_dst__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.INT32]], out_cdst__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.INT32]]) -> tuple[pl.Tensor[[16, 8], pl.INT32], pl.Tensor[[1, 16], pl.INT32]]:
        kvalue__ssa_v0: pl.Scalar[pl.FP16] = pl.tensor.read(kv_buf__ssa_v0, [0])
        _tuple_tmp__ssa_v0: pl.Tuple[pl.Tensor[[16, 8], pl.INT32], pl.Tensor[[1, 16], pl.INT32]] = pl.tensor.gather_compare(src__ssa_v0, kvalue__ssa_v0, cmp_mode=4, offset=0, out_cols=8, count_dtype=pl.INT32)
        dst__ssa_v0: pl.Tensor[[16, 8], pl.INT32] = _tuple_tmp__ssa_v0[0]
        cdst__ssa_v0: pl.Tensor[[1, 16], pl.INT32] = _tuple_tmp__ssa_v0[1]
        out_dst__ssa_v1: pl.Tensor[[16, 8], pl.INT32] = pl.tensor.assemble(out_dst__ssa_v0, dst__ssa_v0, [0, 0])
        out_cdst__ssa_v1: pl.Tensor[[1, 16], pl.INT32] = pl.tensor.assemble(out_cdst__ssa_v0, cdst__ssa_v0, [0, 0])
        return out_dst__ssa_v0, out_cdst__ssa_v0
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, src__ssa_v0: pl.Tensor[[16, 64], pl.FP16], kv_buf__ssa_v0: pl.Tensor[[1], pl.FP16], out_dst__ssa_v0: pl.Out[pl.Tensor[[16, 8], pl.INT32]], out_cdst__ssa_v0: pl.Out[pl.Tensor[[1, 16], pl.INT32]]) -> tuple[pl.Tensor[[16, 8], pl.INT32], pl.Tensor[[1, 16], pl.INT32]]:
        ret__tmp_v0: pl.Tuple[pl.Tensor[[16, 8], pl.INT32], pl.Tensor[[1, 16], pl.INT32]] = self.main_incore_0(kv_buf__ssa_v0, src__ssa_v0, out_dst__ssa_v0, out_cdst__ssa_v0)
        out_dst__ssa_v1: pl.Tensor[[16, 8], pl.INT32] = ret__tmp_v0[0]
        out_cdst__ssa_v1: pl.Tensor[[1, 16], pl.INT32] = ret__tmp_v0[1]
        return out_dst__ssa_v1, out_cdst__ssa_v1
