"""Orchestration codegen's refusals: ops that have no C++ form at the orchestration level.

The real orchestration codegen (`generate_orchestration`, run on each Orchestration
function after the whole pass pipeline) turns every statement of the function into
runtime C++: a kernel call becomes a task submission, and a `tensor.*` op becomes
host-side tensor bookkeeping only when the orchestration op registry has a form for
it (`create`, `read`, `write`, `slice`, `reshape`, `reinterpret_view`, `transpose`,
`view`, `dim`; an assigned `assemble` aliases its target). Anything else is compute
that belongs in a kernel, and codegen stops with an internal error:

- `Misplaced tensor op 'tensor.add' in Orchestration function (should be inside InCore block)`:
  a tensor op with no registry form, left directly in the orchestration body. A
  tensor op inside a CORE_GROUP `pl.at` scope is not misplaced: OutlineIncoreScopes
  moved it into a kernel before codegen.
- `Misplaced builtin op 'tile.alloc' in Orchestration function (should be inside InCore block)`:
  a tile made at the orchestration level (`pl.load` outside any kernel). InitMemRef
  gives the tile an on-chip buffer and puts its `tile.alloc` at the top of the
  function, so the allocation is what codegen meets first. The real error has no
  source location; it is reported on the op that made the tile.
- `pl.assemble(..., atomic=pl.AtomicType.Add) is only supported inside an InCore function ...`:
  an atomic assemble at the orchestration level, where no atomic combine exists.
- `tensor.create: non-zero init_value is not supported for fp16 (sub-32-bit float) ...` and
  `tensor.create: init_value 0.5 is not an integer but the tensor dtype is int32; ...`: the
  runtime pre-fills a created tensor from a typed C++ literal, which the orchestration's C++
  has no half / bfloat16 type for, and which would truncate a fraction for an integer dtype.
  Zero is always written as all-zero bits, so `init_value=0` passes for every dtype.
- `tensor.reinterpret_view is not supported in Orchestration functions ...`: the runtime's
  tensors cannot change their element dtype; and `tensor.view orchestration lowering cannot
  combine shape reinterpret with layout change ...`: a view given both a shape and another
  layout (`pl.tensor.view(a, [64, 128], layout=pl.TensorLayout.DN)`), which the runtime's
  reshape cannot express.
- `Call to 'k' arg 1 is neither a variable nor a recognized constant literal (unsupported
  expression kind for orchestration codegen).`: a kernel call whose argument is an
  expression (`self.k(a, b * 16, out)`): FlattenCallExpr hoists only calls, and a task
  argument must be a variable or a literal. Reported only when Simplify cannot make it
  one: a loop variable or a scalar parameter combined with a literal that changes it.

Which functions are Orchestration functions when codegen runs: those declared so,
and Opaque functions that OutlineIncoreScopes promotes (they hold a CORE_GROUP
`pl.at` scope). Functions of a HOST or higher level go to the distributed codegen
instead, and are not checked here.

What is looked at, and why only that: the statements codegen meets for certain.
Simplify folds an `if` whose condition it can prove and a loop it can prove runs
no times, dropping their bodies; a `while` may be such a loop. Their bodies are not
looked at (an op there may never reach codegen), nor are scopes other than runtime
scopes (`pl.scope`, `pl.manual_scope`), whose bodies codegen emits in place: the
others are outlined into functions of their own first.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    Call,
    Const,
    EvalStmt,
    Expr,
    ForKind,
    ForStmt,
    Function,
    FunctionType,
    HierarchyScopeStmt,
    InCoreScopeStmt,
    OpaqueExpr,
    Program,
    RuntimeScopeStmt,
    ScalarType,
    ScopeStmt,
    SeqStmts,
    Stmt,
    TensorType,
    TileType,
    Var,
)
from compiler.ir.visit import child_stmts, own_calls, walk_stmts
from compiler.lowering.outlining import outlined_names
from compiler.ops.memory_operands import dtype_string
from compiler.ops.type_inference import dtype_bits, is_float

# The tensor ops the orchestration op registry has a C++ form for.
REGISTERED_TENSOR_OPS = frozenset(
    {"create", "read", "write", "slice", "reshape", "reinterpret_view", "transpose", "view", "dim"}
)
# The block queries (`pl.get_block_idx()`): tensor ops of no operand, which only a kernel has.
BLOCK_QUERIES = frozenset({"tensor.get_block_idx", "tensor.get_block_num", "tensor.get_subblock_idx"})
# Ops that make a tile out of no tile: in an orchestration, the tile's buffer is a `tile.alloc`
# (tiles computed from these tiles would be reported on these already).
TILE_MAKERS = frozenset({"tile.load", "tile.create_tile", "tile.create", "tile.full"})
# Levels whose functions the distributed codegen emits (Linqu level 3 and above).
DISTRIBUTED_LEVELS = frozenset({"HOST", "CLUSTER_0", "CLUSTER_1", "CLUSTER_2", "GLOBAL"})
# Functions an orchestration submits as tasks (the ones whose calls become task arguments).
_TASKS = frozenset({FunctionType.INCORE, FunctionType.AIC, FunctionType.AIV})
# An operand value that leaves the other one unchanged: Simplify folds the operation away.
_IDENTITY = {"add": (0,), "sub": (0,), "mul": (1,)}
# The real exception: codegen raises InternalError, which ir.compile reports in a RuntimeError.
_EXCEPTION = "RuntimeError"
_INCORE_HINT = "should be inside InCore block"


def misplaced_tensor_op_message(op: str) -> str:
    return f"Misplaced tensor op '{op}' in Orchestration function ({_INCORE_HINT})"


def misplaced_builtin_op_message(op: str) -> str:
    return f"Misplaced builtin op '{op}' in Orchestration function ({_INCORE_HINT})"


ATOMIC_ASSEMBLE_MESSAGE = (
    "pl.assemble(..., atomic=pl.AtomicType.Add) is only supported inside an InCore "
    "function — typically a pl.at(level=pl.Level.CORE_GROUP, ...) scope — where it "
    "lowers to an atomic-add tile.store into global memory. This assemble sits at the "
    "orchestration level, where no atomic-combine instruction exists. Move it inside "
    "the scope that produces the partial result."
)


def orchestration_errors(program: Program) -> list[Diagnostic]:
    """What the orchestration codegen refuses in `program`'s Orchestration functions."""
    kernels = frozenset(f.name for f in program.functions if f.func_type in _TASKS)
    opaque = {f.name: f for f in program.functions if _stays_opaque(f)}
    builds = [function for function in program.functions if becomes_orchestration(function)]
    if len(builds) < 2 and not any(f.level in DISTRIBUTED_LEVELS for f in program.functions):
        return [d for function in builds for d in _function_errors(function, kernels, opaque)]
    # A distributed program, or one with several Orchestration functions: each is built on
    # its own, with only the kernels (InCore, AIC, AIV, Group, Spmd) it reaches, in the
    # order of their names; the first build that fails stops the compile.
    others = {function.name: function for function in builds}
    taken = frozenset(f.name for f in program.functions)
    for function in sorted(builds, key=lambda f: f.name):
        found = (
            _unresolved_callee_errors(function, others)
            or _unresolved_scope_errors(function, taken)
            or _function_errors(function, kernels, opaque)
        )
        if found:
            return found
    return []


def unresolved_callee_message(function: str, callee: str) -> str:
    return (
        f"Orchestration function '{function}' references undefined function '{callee}'. "
        "The Program must contain every callee referenced from orchestration."
    )


def _unresolved_callee_errors(function: Function, orchestrations: dict[str, Function]) -> list[Diagnostic]:
    """A call of another Orchestration function: that build holds only kernels, so the
    verifier codegen runs first (OrchestrationReferencesResolved) finds no such callee."""
    found = []
    for stmt in emitted_statements(function.body):
        for call in own_calls(stmt):
            callee = _callee_name(call)
            if callee is not None and callee != function.name and callee in orchestrations:
                found.append(
                    Diagnostic(
                        codes.ORCH_CALLEE_NOT_IN_BUILD,
                        unresolved_callee_message(function.name, callee),
                        call.span,
                        stage=Stage.ORCHESTRATION_CODEGEN,
                        exception=_EXCEPTION,
                    ).with_related(function.span, f"Orchestration function '{function.name}'")
                )
    return found


def _unresolved_scope_errors(function: Function, taken: frozenset[str]) -> list[Diagnostic]:
    """A `pl.at` of another level in a function OutlineIncoreScopes promotes (a HOST
    orchestrator holding a CORE_GROUP scope itself): OutlineHierarchyScopes made the scope a
    function of its own, which the CORE_GROUP scope inside it makes an Orchestration too, so
    it is another build, and this build's call of it is unresolved."""
    if function.func_type is not FunctionType.OPAQUE:
        return []
    scopes = [
        stmt
        for stmt in emitted_statements(function.body)
        if isinstance(stmt, HierarchyScopeStmt) and _holds_incore_scope(stmt.body)
    ]
    if not scopes:
        return []
    names = outlined_names(function, taken)
    return [
        Diagnostic(
            codes.ORCH_CALLEE_NOT_IN_BUILD,
            unresolved_callee_message(function.name, names[id(scope)]),
            scope.header_span or scope.span,
            stage=Stage.ORCHESTRATION_CODEGEN,
            exception=_EXCEPTION,
        ).with_related(function.span, f"Orchestration function '{function.name}'")
        for scope in scopes
        if id(scope) in names
    ]


def _stays_opaque(function: Function) -> bool:
    """An Opaque function no pass turns into anything else: no scope in it to outline (a
    CORE_GROUP one would make it an Orchestration), not of a distributed level."""
    return (
        function.func_type is FunctionType.OPAQUE
        and function.has_dsl_body
        and function.level not in DISTRIBUTED_LEVELS
        and not any(isinstance(stmt, ScopeStmt) for stmt in walk_stmts(function.body))
    )


def not_a_kernel_message(name: str) -> str:
    return (
        "InferFunctionCoreType expects AIC or AIV (Spmd/Group are filtered upstream); got Opaque on "
        f"function '{name}'. Either run ExpandMixedKernel before codegen or declare the function with "
        "@pl.function(type=pl.FunctionType.AIC|AIV) directly."
    )


def becomes_orchestration(function: Function) -> bool:
    """Whether `function` is an Orchestration function when the orchestration codegen runs.
    An Opaque function OutlineIncoreScopes promotes is one whatever level it was written at
    (a HOST orchestrator holding a CORE_GROUP scope itself): the pass gives it the
    Orchestration's own level, CHIP."""
    if not function.has_dsl_body:
        return False
    if function.func_type is FunctionType.ORCHESTRATION:
        return function.level not in DISTRIBUTED_LEVELS
    return function.func_type is FunctionType.OPAQUE and _holds_incore_scope(function.body)


def _holds_incore_scope(stmt: Stmt) -> bool:
    """A CORE_GROUP scope OutlineIncoreScopes outlines from this very function (one inside
    a non-CORE_GROUP `pl.at` moves with it into a function of its own first)."""
    if isinstance(stmt, InCoreScopeStmt):
        return True
    if isinstance(stmt, HierarchyScopeStmt):
        return False
    return any(_holds_incore_scope(child) for child in child_stmts(stmt))


def _function_errors(
    function: Function, kernels: frozenset[str], opaque: dict[str, Function]
) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    runtime = {id(p.var) for p in function.params if isinstance(p.var.type, ScalarType)}
    for stmt in emitted_statements(function.body):
        if isinstance(stmt, ForStmt) and stmt.loop_var is not None:
            runtime.add(id(stmt.loop_var))
        for call in own_calls(stmt):
            diagnostic = (
                _call_error(stmt, call)
                or _opaque_callee_error(call, opaque)
                or _task_argument_error(call, kernels, runtime)
            )
            if diagnostic is not None:
                found.append(
                    diagnostic.with_related(function.span, f"Orchestration function '{function.name}'")
                )
    return found


def _opaque_callee_error(call: Call, opaque: dict[str, Function]) -> Diagnostic | None:
    """A task submitted to a function that is still Opaque at codegen: the task's core type
    (AIC or AIV) cannot be told. The real error names the callee's definition."""
    name = _callee_name(call)
    callee = opaque.get(name) if name is not None else None
    if callee is None:
        return None
    return Diagnostic(
        codes.ORCH_CALLEE_NOT_A_KERNEL,
        not_a_kernel_message(callee.name),
        _definition_header(callee),
        stage=Stage.ORCHESTRATION_CODEGEN,
        exception=_EXCEPTION,
    ).with_related(call.span, f"the task the orchestration submits to '{callee.name}'")


def _callee_name(call: Call) -> str | None:
    """The program function a `self.f(...)` call names (None for an op)."""
    return call.op.removeprefix("self.") if call.op.startswith("self.") else None


def _definition_header(function: Function) -> Span:
    """`def name`: where the real error points (the function's own span), as a range."""
    span = function.span
    return Span(
        span.start_line, span.start_col, span.start_line, span.start_col + len(f"def {function.name}")
    )


def _task_argument_error(call: Call, kernels: frozenset[str], runtime: set[int]) -> Diagnostic | None:
    """A kernel call's argument that is an expression Simplify leaves one."""
    callee = _callee_name(call)
    if callee not in kernels:
        return None
    for index, arg in enumerate(call.args):
        if _stays_an_expression(arg, runtime):
            message = (
                f"Call to '{callee}' arg {index} is neither a variable nor a recognized constant literal "
                "(unsupported expression kind for orchestration codegen)."
            )
            return _error(codes.ORCH_TASK_ARGUMENT, message, call)
    return None


def _stays_an_expression(expr: Expr, runtime: set[int]) -> bool:
    """`i * 16`, `n + 1`, `i + j`: a runtime scalar (a loop variable, a scalar parameter) and
    an operand that is not the operation's identity (Simplify folds `i * 1` to `i`)."""
    if not isinstance(expr, BinaryExpr) or expr.op not in _IDENTITY:
        return False
    sides = [expr.lhs, expr.rhs]
    if not any(isinstance(side, Var) and id(side) in runtime for side in sides):
        return False
    for side in sides:
        if isinstance(side, Var) and id(side) in runtime:
            continue
        if not (isinstance(side, Const) and isinstance(side.value, int) and not isinstance(side.value, bool)):
            return False
        if side.value in _IDENTITY[expr.op] or (expr.op == "mul" and side.value == 0):
            return False
    return True


def emitted_statements(stmt: Stmt) -> Iterator[Stmt]:
    """The statements codegen surely emits, outermost first (see the module docstring)."""
    yield stmt
    if isinstance(stmt, (SeqStmts, RuntimeScopeStmt)):
        children: list[Stmt] = list(stmt.stmts) if isinstance(stmt, SeqStmts) else [stmt.body]
    elif isinstance(stmt, ForStmt) and _surely_iterates(stmt):
        children = [stmt.body]
    else:
        return  # an if, a while, an outlined scope: see the module docstring
    for child in children:
        yield from emitted_statements(child)


def _surely_iterates(loop: ForStmt) -> bool:
    """Not a loop Simplify can prove empty: only a sequential loop with no attributes is
    folded, and a bound that is not a literal is taken as not provable."""
    if loop.kind is not ForKind.RANGE or loop.attrs:
        return True
    start = _int(loop.start) if loop.start is not None else 0
    stop, step = _int(loop.stop), _int(loop.step) if loop.step is not None else 1
    if start is None or stop is None or step is None:
        return loop.stop is not None
    return (stop - start) * step > 0 if step else False


def _int(expr: object) -> int | None:
    if isinstance(expr, Const) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
        return expr.value
    return None


def _call_error(stmt: Stmt, call: Call) -> Diagnostic | None:
    namespace, _, name = call.op.partition(".")
    if namespace == "tensor" and (
        _first_operand_is(call, TensorType) or isinstance(call.type, TensorType) or call.op in BLOCK_QUERIES
    ):
        if name == "assemble":
            if isinstance(stmt, AssignStmt) and stmt.value is call and _atomic(call):
                return _error(codes.ORCH_ATOMIC_ASSEMBLE, ATOMIC_ASSEMBLE_MESSAGE, call, "ValueError")
            return None  # an assigned assemble aliases its target; an evaluated one is not judged
        if name == "create":
            return _init_value_error(call)
        if name == "reinterpret_view":
            return _error(codes.ORCH_UNSUPPORTED_VIEW, REINTERPRET_VIEW_MESSAGE, call, "ValueError")
        if name == "view" and _view_changes_layout(call):
            return _error(codes.ORCH_UNSUPPORTED_VIEW, VIEW_LAYOUT_MESSAGE, call, "ValueError")
        if name in REGISTERED_TENSOR_OPS:
            return None
        return _error(codes.ORCH_MISPLACED_TENSOR_OP, misplaced_tensor_op_message(call.op), call)
    if (
        call.op in TILE_MAKERS
        and isinstance(call.type, TileType)
        and isinstance(stmt, (AssignStmt, EvalStmt))
    ):
        return _error(codes.ORCH_MISPLACED_BUILTIN_OP, misplaced_builtin_op_message("tile.alloc"), call)
    return None


REINTERPRET_VIEW_MESSAGE = (
    "tensor.reinterpret_view is not supported in Orchestration functions because the runtime "
    "ChipTensor API cannot change the element dtype of a view; place reinterpret_view inside an "
    "InCore function"
)
VIEW_LAYOUT_MESSAGE = (
    "tensor.view orchestration lowering cannot combine shape reinterpret with layout change: "
    "runtime ChipTensor::reshape has no arbitrary-stride layout view; pass only a shape argument "
    "(no layout change) in orchestration code or lower the view through PTO in-core codegen"
)


def _view_changes_layout(call: Call) -> bool:
    """A `tensor.view` given a shape and a `layout=` other than its source's."""
    keyword = call.kwargs.get("layout")
    text = keyword.text if isinstance(keyword, OpaqueExpr) else None
    source = call.args[0].type if call.args else None
    if text is None or len(call.args) < 2 or not isinstance(source, TensorType):
        return False
    return text.rsplit(".", 1)[-1] != (source.layout or "ND")


def _init_value_error(call: Call) -> Diagnostic | None:
    """The runtime pre-fill of `pl.create_tensor(..., init_value=v)`: a constant the
    orchestration C++ cannot write for the tensor's dtype."""
    init = call.kwargs.get("init_value")
    value = init.value if isinstance(init, Const) else None
    dtype = call.type.dtype if isinstance(call.type, TensorType) else None
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value == 0 or dtype is None:
        return None
    if is_float(dtype) and dtype_bits(dtype) < 32:
        message = sub_32_bit_init_message(dtype_string(dtype))
    elif not is_float(dtype) and value != int(value):
        message = fractional_init_message(value, dtype_string(dtype))
    else:
        return None
    return _error(codes.ORCH_CREATE_INIT_VALUE, message, call, "ValueError")


def sub_32_bit_init_message(dtype: str) -> str:
    return (
        f"tensor.create: non-zero init_value is not supported for {dtype} (sub-32-bit float) "
        "runtime-allocated outputs; only init_value=0 is supported for these dtypes. "
        "Use a 32-bit dtype or init_value=0."
    )


def fractional_init_message(value: float, dtype: str) -> str:
    # The real text prints the double as a C++ stream does (six significant digits: `%g`).
    return (
        f"tensor.create: init_value {value:g} is not an integer but the tensor dtype is {dtype}; "
        "use a whole-number init_value for integer dtypes."
    )


def _first_operand_is(call: Call, kind: type) -> bool:
    return bool(call.args) and isinstance(call.args[0].type, kind)


def _atomic(call: Call) -> bool:
    """`atomic=pl.AtomicType.Add` (anything but the default `None`)."""
    value = call.kwargs.get("atomic")
    text = value.text if isinstance(value, OpaqueExpr) else None
    return text is not None and text.rsplit(".", 1)[-1] == "Add"


def _error(code: str, message: str, call: Call, exception: str = _EXCEPTION) -> Diagnostic:
    return Diagnostic(code, message, call.span, stage=Stage.ORCHESTRATION_CODEGEN, exception=exception)


__all__ = [
    "ATOMIC_ASSEMBLE_MESSAGE",
    "REGISTERED_TENSOR_OPS",
    "becomes_orchestration",
    "misplaced_builtin_op_message",
    "misplaced_tensor_op_message",
    "not_a_kernel_message",
    "orchestration_errors",
]
