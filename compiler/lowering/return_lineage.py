"""Which parameter a function's returned tensor is, when it is one (the real
`return_lineage::TraceToParam`).

An outlined function returns the parameter a tensor output lives in rather than
the SSA value bound to it: `out__ssa_v1 = self.k(a, out__ssa_v0)` then
`return out__ssa_v0`. The trace follows a value back through

* copies (`y = x`) and loop carries (an iter_arg to its init value, a loop's
  tensor result to the init value of its iter_arg),
* the builtin ops whose result is one of their arguments' buffer (the op
  registry's `set_output_reuses_input`: `tile.store`, `tensor.assemble`, ...),
* calls of the program's own functions (one result, or one element of a
  multi-result call), through the parameter the callee itself returns,

and stops at anything else (another builtin, a view, a value built here).
One walk of the body per function asked about; callees are memoised.
"""

from __future__ import annotations

from collections.abc import Sequence

from compiler.ir import (
    AssignStmt,
    Call,
    ForStmt,
    Function,
    ReturnStmt,
    SeqStmts,
    TensorType,
    TupleGetItem,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.visit import walk_stmts

# The argument whose buffer the result is, for the registry's in-place builtins.
WRITEBACK_SLOTS: dict[str, int] = {
    "tile.store": 2,
    "tile.mscatter": 2,
    "tensor.assemble": 0,
    "tensor.set_validshape": 0,
}


def is_builtin_op(op: str) -> bool:
    """An op of the registry rather than a call of one of the program's functions."""
    return op.startswith(("tile.", "tensor.", "system.", "array.")) or op == "pld.system.get_comm_ctx"


class _BodyIndex:
    """A body's defining assignments and loop-carry edges, by var id."""

    def __init__(self, body: SeqStmts) -> None:
        self.definition: dict[int, AssignStmt] = {}
        self.carried_from: dict[int, Var] = {}
        self.first_return: ReturnStmt | None = None
        for stmt in walk_stmts(body):
            if isinstance(stmt, AssignStmt):
                self.definition.setdefault(id(stmt.var), stmt)
            elif isinstance(stmt, ReturnStmt):
                if self.first_return is None:
                    self.first_return = stmt
            elif isinstance(stmt, (ForStmt, WhileStmt)):
                closing = stmt.body.stmts[-1] if stmt.body.stmts else None
                results = [*stmt.return_vars, *(closing.targets if isinstance(closing, YieldStmt) else [])]
                for index, (iter_arg, init) in enumerate(zip(stmt.iter_args, stmt.init_values)):
                    if not isinstance(init, Var):
                        continue
                    self.carried_from[id(iter_arg)] = init
                    # A scalar carry may be overwritten by any value: only tensors follow.
                    if index < len(results) and isinstance(results[index].type, TensorType):
                        self.carried_from[id(results[index])] = init


class ReturnLineage:
    """Traces values of the functions of one program back to their parameters."""

    def __init__(self, functions: Sequence[Function]) -> None:
        self.by_call_name = {name: f for f in functions for name in (f.name, f"self.{f.name}")}
        self._returned: dict[int, list[int | None]] = {}
        self._active: set[int] = set()

    def trace_to_param(self, var: Var, body: SeqStmts, params: list[Var]) -> Var | None:
        """The parameter of `params` whose buffer `var` (bound in `body`) is, if traced."""
        return self._trace(var, _BodyIndex(body), {id(p): p for p in params})

    def returned_params(self, function: Function) -> list[int | None]:
        """For each value `function` returns, the index of the parameter it is, if any."""
        key = id(function)
        if key in self._returned:
            return self._returned[key]
        if key in self._active:
            return []  # a call cycle: nothing traced through it
        self._active.add(key)
        index = _BodyIndex(function.body)
        params = {id(p.var): p.var for p in function.params}
        order = {id(p.var): i for i, p in enumerate(function.params)}
        found: list[int | None] = []
        if index.first_return is not None:
            for value in index.first_return.values:
                root = self._trace(value, index, params) if isinstance(value, Var) else None
                found.append(order[id(root)] if root is not None else None)
        self._active.discard(key)
        self._returned[key] = found
        return found

    def _trace(self, var: Var, index: _BodyIndex, params: dict[int, Var]) -> Var | None:
        seen: set[int] = set()
        current: Var | None = var
        while current is not None:
            if id(current) in seen:
                return None
            seen.add(id(current))
            if id(current) in params:
                return params[id(current)]
            source = index.carried_from.get(id(current))
            if source is not None:
                current = source
                continue
            definition = index.definition.get(id(current))
            if definition is None:
                return None
            current = self._argument_aliased(definition.value, index)
        return None

    def _argument_aliased(self, value: object, index: _BodyIndex) -> Var | None:
        """The var whose buffer `value` is, one step back, or None when the walk stops."""
        if isinstance(value, Var):
            return value
        if isinstance(value, TupleGetItem):
            if not isinstance(value.tuple_expr, Var):
                return None
            tuple_definition = index.definition.get(id(value.tuple_expr))
            if tuple_definition is None:
                return None
            return self._through_callee(tuple_definition.value, value.index)
        if isinstance(value, Call):
            slot = WRITEBACK_SLOTS.get(value.op)
            if slot is not None:
                if slot >= len(value.args):
                    return None
                argument = value.args[slot]
                return argument if isinstance(argument, Var) else None
            return self._through_callee(value, None)
        return None

    def _through_callee(self, value: object, position: int | None) -> Var | None:
        """The argument a call of one of the program's functions returns (at `position`
        of its results, or its single result)."""
        if not isinstance(value, Call) or is_builtin_op(value.op):
            return None
        callee = self.by_call_name.get(value.op)
        if callee is None:
            return None
        returned = self.returned_params(callee)
        if position is None:
            if len(returned) != 1:
                return None
            position = 0
        if not 0 <= position < len(returned):
            return None
        mapped = returned[position]
        if mapped is None or mapped >= len(value.args):
            return None
        argument = value.args[mapped]
        return argument if isinstance(argument, Var) else None
