import pypto.language as pl


@pl.program
class HandPipePush:
    """A pipe the author builds: the AIV pushes a sum and one of its operands to the cube."""

    @pl.function(type=pl.FunctionType.AIV)
    def producer(
        self,
        x: pl.Tensor[[32, 32], pl.FP32],
        y: pl.Tensor[[32, 32], pl.FP32],
        z: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
    ):
        slots = pl.import_peer_buffer(name="ring", peer_func="consumer")
        pl.aiv_initialize_pipe(pl.const(0, pl.INT32), slots, dir_mask=2, slot_size=4096)
        tx: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [32, 32])
        ty: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.load(y, [0, 0], [32, 32])
        total: pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec] = pl.add(tx, ty)
        pl.tpush_to_aic(total, split=0)
        pl.tpush_to_aic(ty, split=0)

    @pl.function(type=pl.FunctionType.AIC)
    def consumer(
        self,
        x: pl.Tensor[[32, 32], pl.FP32],
        y: pl.Tensor[[32, 32], pl.FP32],
        z: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
    ) -> pl.Tensor[[32, 32], pl.FP32]:
        slots = pl.reserve_buffer(name="ring", size=8192, base=pl.AUTO)
        pl.aic_initialize_pipe(pl.const(0, pl.INT32), slots, dir_mask=2, slot_size=4096)
        lhs: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tpop_from_aiv(split=0)
        rhs: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tpop_from_aiv(split=0)
        lhs_l0 = pl.move(lhs, target_memory=pl.Mem.Left)
        rhs_l0 = pl.move(rhs, target_memory=pl.Mem.Right)
        product: pl.Tile[[32, 32], pl.FP32] = pl.matmul(lhs_l0, rhs_l0)
        pl.tfree_to_aiv(lhs)
        pl.tfree_to_aiv(rhs)
        return pl.store(product, [0, 0], z)

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self,
        x: pl.Tensor[[32, 32], pl.FP32],
        y: pl.Tensor[[32, 32], pl.FP32],
        z: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
    ) -> pl.Tensor[[32, 32], pl.FP32]:
        self.producer(x, y, z)
        z = self.consumer(x, y, z)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[32, 32], pl.FP32],
        y: pl.Tensor[[32, 32], pl.FP32],
        z: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
    ) -> pl.Tensor[[32, 32], pl.FP32]:
        z = self.pair(x, y, z)
        return z
