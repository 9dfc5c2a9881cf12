# mistake_python_habits.py: plain-Python habits the PyPTO parser rejects.
#
# Each marked line is a separate mistake the real compiler rejects (it stops at
# the first one; pto-lsp reports them all, each once, without cascades):
# builtin `range`, `+=`, a misspelled op and a name used before it is bound.
# Each has a quick fix or a clear message in the editor.
#
# `pto-lsp check examples/mistake_python_habits.py` exits with status 1 and says:
#   error[PTO502] For loop must use pl.range(), pl.parallel(), pl.unroll(),
#     pl.pipeline(), pl.while_(), pl.spmd(), or pl.split_aiv()
#   error[PTO501] Unsupported statement type: AugAssign
#   error[PTO504] Unknown operation 'pl.lod'
#   error[PTO505] Undefined variable 'offset'
import pypto.language as pl


@pl.program
class PythonHabits:
    @pl.function(type=pl.FunctionType.InCore)
    def scale_rows(
        self,
        x: pl.Tensor[[128, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
    ) -> pl.Tensor[[128, 64], pl.FP32]:
        for i in range(4):  # builtin range: the DSL loop is pl.range
            row = pl.load(x, [i * 32, 0], [32, 64])
            out = pl.store(row, [i * 32, 0], out)
        total = 0
        total += 1  # augmented assignment: write total = total + 1
        tile = pl.lod(x, [0, 0], [32, 64])  # misspelled op: pl.load
        shifted = pl.add(offset, 1.0)  # 'offset' is not bound yet
        offset = pl.load(x, [32, 0], [32, 64])
        return out
