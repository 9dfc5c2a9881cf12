"""Small one-mistake kernels of our own, written out from a template and a body each,
for the post-parser case folders (`postparse_mutants.materialize` writes them beside the
mutants of real kernels). Only what the real compiler said of them is stored
(`verdicts.json` in the folder); the kernels are made here.

`ROUND_3`: the kinds of held-out round 3 (`tests/data/postparse_round3`), in a kernel
shaped as the real elementwise ones (two 64x64 inputs loaded as `ta`, `tb`; the body makes
`tc`, which is stored). `DEVICE_LOOPS`: the training cases of the device-loop and
no-codegen checks (`tests/data/postparse_cases`), in a kernel with a scalar parameter `n`.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

_ELEMENTWISE = """import pypto.language as pl


@pl.program
class {cls}:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[64, 64], {adt}],
        b: pl.Tensor[[64, 64], {bdt}],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 64])
        tb = pl.load(b, [0, 0], [64, 64])
{body}
        return pl.store(tc, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[64, 64], {adt}],
        b: pl.Tensor[[64, 64], {bdt}],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        out = self.kernel(a, b, out)
        return out
"""

_WITH_SCALAR = """import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.{ftype})
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
{body}
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        c = self.k(a, n, c)
        return c
"""

_VEC = "dtype=pl.FP32, target_memory=pl.MemorySpace.Vec"
_ROW_SUM = f"pl.row_sum(ta, pl.create_tile([64, 64], {_VEC}))"

# name -> (body making `tc`, dtype of a, dtype of b)
ROUND_3: dict[str, tuple[str, str, str]] = {
    "reshape_count": ("tc = pl.reshape(pl.add(ta, tb), [32, 64])", "FP32", "FP32"),
    "reshape_same_count_ok": (
        "tr = pl.reshape(pl.add(ta, tb), [32, 128])\ntc = pl.reshape(tr, [64, 64])",
        "FP32",
        "FP32",
    ),
    "exp_int32": (
        "ti = pl.cast(ta, target_type=pl.INT32)\ntc = pl.cast(pl.exp(ti), target_type=pl.FP32)",
        "FP32",
        "FP32",
    ),
    "sqrt_int16": (
        "ti = pl.cast(ta, target_type=pl.INT16)\ntc = pl.cast(pl.sqrt(ti), target_type=pl.FP32)",
        "FP32",
        "FP32",
    ),
    "log_fp16_ok": (
        "th = pl.cast(ta, target_type=pl.FP16)\ntc = pl.cast(pl.log(th), target_type=pl.FP32)",
        "FP32",
        "FP32",
    ),
    "div_int32": (
        "ti = pl.cast(ta, target_type=pl.INT32)\ntj = pl.cast(tb, target_type=pl.INT32)\n"
        "tc = pl.cast(pl.div(ti, tj), target_type=pl.FP32)",
        "FP32",
        "FP32",
    ),
    "and_fp32": ("tc = pl.and_(ta, tb)", "FP32", "FP32"),
    "shl_fp32": ("tc = pl.shl(ta, tb)", "FP32", "FP32"),
    "abs_uint32": (
        "tu = pl.cast(ta, target_type=pl.UINT32)\ntc = pl.cast(pl.abs(tu), target_type=pl.FP32)",
        "FP32",
        "FP32",
    ),
    "neg_int16_ok": (
        "ti = pl.cast(ta, target_type=pl.INT16)\ntc = pl.cast(pl.neg(ti), target_type=pl.FP32)",
        "FP32",
        "FP32",
    ),
    "maximum_fp32_fp16": ("tc = pl.maximum(ta, tb)", "FP32", "FP16"),
    "muls_int_scalar_ok": ("tc = pl.muls(ta, 2)", "FP32", "FP32"),
    "add_fp16_out_fp32": ("tc = pl.add(ta, tb)", "FP16", "FP16"),
    "add_col_vector": (f"tr = {_ROW_SUM}\ntc = pl.add(tb, tr)", "FP32", "FP32"),
    "row_expand_mul_ok": (f"tr = {_ROW_SUM}\ntc = pl.row_expand_mul(tb, tr)", "FP32", "FP32"),
    "row_expand_mul_row_vector": ("tr = pl.col_sum(ta)\ntc = pl.row_expand_mul(tb, tr)", "FP32", "FP32"),
    "col_sum_store_full": ("tc = pl.col_sum(ta)", "FP32", "FP32"),
    "row_max_int32": (
        "ti = pl.cast(ta, target_type=pl.INT32)\n"
        "tr = pl.row_max(ti, pl.create_tile([64, 64], dtype=pl.INT32, target_memory=pl.MemorySpace.Vec))\n"
        "tc = pl.row_expand_mul(tb, pl.cast(tr, target_type=pl.FP32))",
        "FP32",
        "FP32",
    ),
    "matmul_vec_tiles": ("tc = pl.matmul(ta, tb)", "FP32", "FP32"),
    "add_acc_tile": (
        "tz = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)\ntc = pl.add(ta, tz)",
        "FP32",
        "FP32",
    ),
    "add_mat_moved": (
        "tm = pl.move(tb, target_memory=pl.MemorySpace.Mat)\ntc = pl.add(ta, tm)",
        "FP32",
        "FP32",
    ),
    "store_from_mat": (
        "tc = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)",
        "FP32",
        "FP32",
    ),
    "load_left_direct": (
        "tl = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Left)\ntc = pl.add(ta, tb)",
        "FP32",
        "FP32",
    ),
    "range_empty_ok": (
        "tc = pl.add(ta, tb)\nfor i in pl.range(0, 0):\n    tc = pl.add(tc, ta)",
        "FP32",
        "FP32",
    ),
    "range_step_zero": (
        "tc = pl.add(ta, tb)\nfor i in pl.range(0, 4, 0):\n    tc = pl.add(tc, ta)",
        "FP32",
        "FP32",
    ),
    "range_negative_step_ok": (
        "tc = pl.add(ta, tb)\nfor i in pl.range(4, 0, -1):\n    tc = pl.add(tc, ta)",
        "FP32",
        "FP32",
    ),
    "loop_carry_widened": (
        "tc = pl.add(ta, tb)\nfor i in pl.range(0, 4):\n    tc = pl.cast(tc, target_type=pl.FP16)",
        "FP32",
        "FP32",
    ),
    "loop_carry_reshaped": (
        "tc = pl.add(ta, tb)\nfor i in pl.range(0, 4):\n    tc = pl.reshape(tc, [32, 128])",
        "FP32",
        "FP32",
    ),
    "nested_same_var_ok": (
        "tc = pl.add(ta, tb)\nfor i in pl.range(0, 2):\n    for i in pl.range(0, 2):\n        tc = pl.add(tc, ta)",
        "FP32",
        "FP32",
    ),
    "unroll_carry_ok": (
        "tc = pl.add(ta, tb)\nfor i in pl.unroll(3):\n    tc = pl.add(tc, ta)",
        "FP32",
        "FP32",
    ),
    "if_branches_differ": (
        "tc = pl.add(ta, tb)\nfor i in pl.range(0, 2):\n    if i == 0:\n        tc = pl.add(tc, ta)\n"
        "    else:\n        tc = pl.cast(tc, target_type=pl.FP16)",
        "FP32",
        "FP32",
    ),
    "if_branches_ok": (
        "tc = pl.add(ta, tb)\nfor i in pl.range(0, 2):\n    if i == 0:\n        tc = pl.add(tc, ta)\n"
        "    else:\n        tc = pl.sub(tc, ta)",
        "FP32",
        "FP32",
    ),
    "store_row_vector_into_square": (f"tc = {_ROW_SUM}", "FP32", "FP32"),
    "transpose_store_ok": ("tc = pl.transpose(pl.add(ta, tb), 0, 1)", "FP32", "FP32"),
    "transpose_rect_into_square": (
        "tt = pl.load(a, [0, 0], [32, 64])\ntc = pl.transpose(tt, 0, 1)",
        "FP32",
        "FP32",
    ),
    "slice_tile_ok": ("ts = pl.slice(pl.add(ta, tb), [32, 64], [0, 0])\ntc = pl.add(ta, tb)", "FP32", "FP32"),
    "fillpad_ok": ("tc = pl.fillpad(pl.add(ta, tb), pad_value=pl.PadValue.zero)", "FP32", "FP32"),
    "cmp_into_fp32": ("tc = pl.cmp(ta, tb, cmp_type=0)", "FP32", "FP32"),
    "sel_mismatch": (
        "m = pl.cmp(ta, tb, cmp_type=0)\ntc = pl.sel(m, ta, pl.cast(tb, target_type=pl.FP16))",
        "FP32",
        "FP32",
    ),
    "cast_bf16_roundtrip_ok": (
        "tc = pl.cast(pl.cast(pl.add(ta, tb), target_type=pl.BF16), target_type=pl.FP32)",
        "FP32",
        "FP32",
    ),
    "expands_ok": ("tc = pl.add(ta, pl.expands(tb, 1.0))", "FP32", "FP32"),
    "full_int_into_fp32": ("tc = pl.full([64, 64], dtype=pl.INT32, value=1)", "FP32", "FP32"),
    "full_tile_add_ok": ("tc = pl.add(ta, pl.full([64, 64], dtype=pl.FP32, value=1.0))", "FP32", "FP32"),
}

_LOOP = "t = pl.load(a, [0, 0], [16, 64])\n{header}\n    t = pl.add(t, t)\nc = pl.store(t, [0, 0], c)"
_TWO_LOOPS = (
    "t = pl.load(a, [0, 0], [16, 64])\nfor j in pl.range(0, 4):\n    t = pl.add(t, t)\n"
    "for i in pl.range(3, 0, -1):\n    t = pl.add(t, t)\nc = pl.store(t, [0, 0], c)"
)
_NESTED = (
    "t = pl.load(a, [0, 0], [16, 64])\nfor j in pl.range(0, 4):\n    for i in pl.range(3, 0, -1):\n"
    "        t = pl.add(t, t)\nc = pl.store(t, [0, 0], c)"
)
_AT_SCOPE = (
    "with pl.at(level=pl.Level.CORE_GROUP):\n    t = pl.load(a, [0, 0], [16, 64])\n"
    "    for i in pl.range(4, 0, -1):\n        t = pl.add(t, t)\n    c = pl.store(t, [0, 0], c)"
)
_EXPANDS = "t = pl.load(a, [0, 0], [16, 64])\nu = pl.add(t, pl.expands(t, 2.0))\nc = pl.store(u, [0, 0], c)"

# name -> (function type of `k`, its body)
DEVICE_LOOPS: dict[str, tuple[str, str]] = {
    "devloop_step_neg2": ("InCore", _LOOP.format(header="for i in pl.range(8, 0, -2):")),
    "devloop_single_trip_neg": ("InCore", _LOOP.format(header="for i in pl.range(4, 3, -1):")),
    "devloop_empty_neg": ("InCore", _LOOP.format(header="for i in pl.range(0, 4, -1):")),
    "devloop_dynamic_start_neg": ("InCore", _LOOP.format(header="for i in pl.range(n, 0, -1):")),
    "devloop_parallel_neg": ("InCore", _LOOP.format(header="for i in pl.parallel(4, 0, -1):")),
    "devloop_unroll_neg_ok": ("InCore", _LOOP.format(header="for i in pl.unroll(4, 0, -1):")),
    "devloop_zero_step_empty": ("InCore", _LOOP.format(header="for i in pl.range(4, 4, 0):")),
    "devloop_second_loop": ("InCore", _TWO_LOOPS),
    "devloop_nested_inner_neg": ("InCore", _NESTED),
    "atscope_loop_neg": ("Opaque", _AT_SCOPE),
    "expands_tile": ("InCore", _EXPANDS),
    "expands_after_loop_neg": (
        "InCore",
        _LOOP.format(header="for i in pl.range(4, 0, -1):").replace(
            "c = pl.store(t", "u = pl.add(t, pl.expands(t, 2.0))\nc = pl.store(u"
        ),
    ),
    "opaque_task_tensor_ops": ("Opaque", "x = pl.add(a, a)\nc = pl.assemble(c, x, [0, 0])"),
    "opaque_task_tile_ops": ("Opaque", _EXPANDS.replace("pl.expands(t, 2.0)", "t")),
    "expands_tensor_in_kernel": (
        "InCore",
        "x = pl.expands(a, 2.0)\nt = pl.load(x, [0, 0], [16, 64])\nc = pl.store(t, [0, 0], c)",
    ),
}


def _parser_round_3() -> dict[str, tuple[str, tuple[tuple[str, str], ...]]]:
    """name -> (the body making `tc`, replacements made in the kernel's text)."""

    def k(name: str, body: str | None = None, replace: tuple[tuple[str, str], ...] | list = ()) -> tuple:
        return name, (body or "tc = pl.add(ta, tb)", tuple(tuple(pair) for pair in replace))

    return dict(
        [
            k("augassign_tile", "tc = pl.add(ta, tb)\ntc += ta"),
            k("augassign_scalar_ok", "n = 0\nn += 1\ntc = pl.add(ta, tb)"),
            k("list_comprehension", "xs = [ta for _ in range(2)]\ntc = pl.add(xs[0], tb)"),
            k("lambda_in_kernel", "f = lambda x: x\ntc = pl.add(f(ta), tb)"),
            k("try_except", "try:\n    tc = pl.add(ta, tb)\nexcept Exception:\n    tc = ta"),
            k("assert_stmt", "assert True\ntc = pl.add(ta, tb)"),
            k("print_call", "print(ta)\ntc = pl.add(ta, tb)"),
            k("nested_def", "def helper(x):\n    return x\ntc = pl.add(helper(ta), tb)"),
            k("global_stmt", "global G\ntc = pl.add(ta, tb)"),
            k("fstring_arg", 'tc = pl.add(ta, tb)\nname = f"x{1}"'),
            k("python_while", "tc = pl.add(ta, tb)\nwhile False:\n    tc = pl.add(tc, ta)"),
            k(
                "chained_compare",
                "tc = pl.add(ta, tb)\nfor i in pl.range(0, 4):\n    if 0 < i < 3:\n        tc = pl.add(tc, ta)",
            ),
            k("tile_condition", "tc = pl.add(ta, tb)\nif ta:\n    tc = pl.add(tc, ta)"),
            k("negative_index_subscript", "tc = pl.add(ta, tb)\nv = a[-1, 0]"),
            k("slice_with_step", "tc = pl.add(ta, tb)\nv = a[0:64:2, 0:64]"),
            k("len_of_tile", "tc = pl.add(ta, tb)\nn = len(ta)"),
            k("shape_attr_ok", "tc = pl.add(ta, tb)\nn = ta.shape[0]"),
            k("tuple_unpack_load", "ta2, tb2 = pl.load(a, [0, 0], [64, 64])\ntc = pl.add(ta2, tb)"),
            k("none_argument", "tc = pl.add(ta, None)"),
            k("string_argument", 'tc = pl.add(ta, "tb")'),
            k(
                "float_range_bound",
                "tc = pl.add(ta, tb)\nfor i in pl.range(0, 4.0):\n    tc = pl.add(tc, ta)",
            ),
            k("range_python_builtin", "tc = pl.add(ta, tb)\nfor i in range(4):\n    tc = pl.add(tc, ta)"),
            k("yield_outside_loop", "tc = pl.add(ta, tb)\npl.yield_(tc)"),
            k(
                "yield_count_mismatch",
                "for i, (acc,) in pl.range(0, 4, init_values=(ta,)):\n    nxt = pl.add(acc, tb)\n    r1, r2 = pl.yield_(nxt, nxt)\ntc = r1",
            ),
            k(
                "init_values_not_tuple_ok",
                "for i, (acc,) in pl.range(0, 4, init_values=[ta]):\n    nxt = pl.add(acc, tb)\n    r = pl.yield_(nxt)\ntc = r",
            ),
            k("loop_var_used_after", "for i in pl.range(0, 4):\n    tc = pl.add(ta, tb)\nj = i + 1"),
            k("undefined_method_call", "tc = self.helper(ta)"),
            k(
                "keyword_call_to_kernel",
                replace=[("out = self.kernel(a, b, out)", "out = self.kernel(a=a, b=b, out=out)")],
            ),
            k(
                "star_args_param",
                replace=[
                    (
                        "        b: pl.Tensor[[64, 64], pl.FP32],\n        out: pl.Out",
                        "        *b: pl.Tensor[[64, 64], pl.FP32],\n        out: pl.Out",
                    )
                ],
            ),
            k(
                "default_param_value",
                replace=[
                    (
                        "        b: pl.Tensor[[64, 64], pl.FP32],\n        out: pl.Out",
                        "        b: pl.Tensor[[64, 64], pl.FP32] = None,\n        out: pl.Out",
                    )
                ],
            ),
            k(
                "missing_return_annotation",
                replace=[("    ) -> pl.Tensor[[64, 64], pl.FP32]:\n        ta", "    ):\n        ta")],
            ),
            k(
                "function_without_type_ok",
                replace=[("    @pl.function(type=pl.FunctionType.InCore)", "    @pl.function")],
            ),
            k(
                "tile_param_in_orchestration",
                replace=[
                    (
                        "        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],\n    ) -> pl.Tensor[[64, 64], pl.FP32]:\n        out = self",
                        "        out: pl.Out[pl.Tile[[64, 64], pl.FP32]],\n    ) -> pl.Tensor[[64, 64], pl.FP32]:\n        out = self",
                    )
                ],
            ),
            k("walrus", "tc = pl.add((tx := ta), tb)"),
            k("ternary_expr", "tc = pl.add(ta if True else tb, tb)"),
            k("dict_literal", 'cfg = {"x": 1}\ntc = pl.add(ta, tb)'),
            k("del_stmt", "tc = pl.add(ta, tb)\ndel ta"),
            k("with_open", 'with open("x") as f:\n    tc = pl.add(ta, tb)'),
            k("scalar_times_tile", "tc = 2 * ta"),
            k("tile_plus_tile_operator", "tc = ta + tb"),
            k("bool_op_and", "tc = pl.add(ta, tb)\nflag = True and False"),
            k("int_division_scalar_ok", "n = 7 // 2\ntc = pl.add(ta, tb)"),
            k("pass_only_body", "tc = pl.add(ta, tb)\npass"),
            k("docstring_in_middle", 'tc = pl.add(ta, tb)\n"""doc"""'),
            k("dtype_as_string", 'tc = pl.cast(pl.add(ta, tb), target_type="fp32")'),
            k(
                "memory_space_wrong_enum",
                "tc = pl.add(ta, tb)\nz = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.DDR)",
            ),
            k("shape_as_tuple_ok", "tc = pl.add(pl.load(a, (0, 0), (64, 64)), tb)"),
            k("shape_with_float", "tc = pl.add(pl.load(a, [0, 0], [64.0, 64]), tb)"),
            k("offsets_too_few", "tc = pl.add(pl.load(a, [0], [64, 64]), tb)"),
        ]
    )


# The kinds of held-out parser round 3 (`tests/data/parser_round3`): Python constructs and
# argument forms in the elementwise kernel, one each.
PARSER_ROUND_3 = _parser_round_3()


def _indented(body: str) -> str:
    return textwrap.indent(body, " " * 8)


def round_3_text(name: str) -> str:
    body, a_dtype, b_dtype = ROUND_3[name]
    cls = "R3" + name.title().replace("_", "")
    return _ELEMENTWISE.format(cls=cls, adt=f"pl.{a_dtype}", bdt=f"pl.{b_dtype}", body=_indented(body))


def parser_round_3_text(name: str) -> str:
    body, replacements = PARSER_ROUND_3[name]
    text = _ELEMENTWISE.format(cls="R3P", adt="pl.FP32", bdt="pl.FP32", body=_indented(body))
    for old, new in replacements:
        text = text.replace(old, new, 1)
    return text


def device_loop_text(name: str) -> str:
    func_type, body = DEVICE_LOOPS[name]
    return _WITH_SCALAR.format(ftype=func_type, body=_indented(body))


# folder name -> {file name: its text}
def kernels_of(folder: str) -> dict[str, str]:
    if folder == "postparse_round3":
        return {f"small_r3_{name}.py": round_3_text(name) for name in ROUND_3}
    if folder == "parser_round3":
        return {f"small_r3p_{name}.py": parser_round_3_text(name) for name in PARSER_ROUND_3}
    if folder == "postparse_cases":
        return {f"small_r3train_{name}.py": device_loop_text(name) for name in DEVICE_LOOPS}
    return {}


def write_kernels(folder: str, out: Path) -> list[Path]:
    written = []
    for name, text in kernels_of(folder).items():
        path = out / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
