"""What an op rule reads: one call's arguments, bound to the wrapper's parameter names.

The real parser parses an op call's arguments to IR values, wraps them as DSL values
(Tensor, Tile, Scalar) and calls the op's Python wrapper. A rule sees the same: for
each parameter the wrapper bound, the parsed value (an IR `Expr`, or a plain Python
value for a keyword the parser read as a closure value) and the source node it came
from, plus a static evaluator for literal lists, dtypes and enum members.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from compiler.ir import Const, Expr, IRType, MakeTuple, ScalarType, TensorType, TileType, TupleType, Var
from compiler.syntax.values import UNKNOWN, DType, DynVar, EnumMember

# The first line of the binding's TypeError when a Python object of no IR kind is handed
# to an IR constructor (`ConstInt(tile, ...)`, or an integer past 64 bits).
BINDING_MISMATCH = "__init__(): incompatible function arguments. The following argument types are supported:"
# The same of `create_op_call` itself: an argument list holding a DSL object (a Tile the
# wrapper passed on without unwrapping it) where an IR expression goes.
OP_CALL_MISMATCH = (
    "create_op_call(): incompatible function arguments. The following argument types are supported:"
)


class OpError(Exception):
    """A rejection by an op's wrapper, IR builder or type deduction; `message` is its
    text as the real one reads (the parser prefixes "pl operation 'x': " unless the
    text already names the op). `foreign`: a Python error other than TypeError or
    ValueError (an AttributeError of `.unwrap()` on a raw literal), which the real
    parser reports as "Error in pl operation 'x': ..." instead."""

    def __init__(self, message: str, *, foreign: bool = False, located: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.foreign = foreign
        # The real message ends with the call's place (` at FILE:LINE:COL`): a C++ error of
        # an IR builder the deduction calls, whose binding appends the span it was given.
        self.located = located


@dataclass
class OpCall:
    """One call of a DSL op wrapper. `op` is the wrapper's registry key ("tile.add");
    `params` are the parameter names in order of the wrapper that bound the arguments
    (the positions the C++ deduction calls first, second, third argument)."""

    op: str
    params: Sequence[str]
    nodes: dict[str, ast.expr]  # parameter -> the argument's ast node
    values: dict[str, Any]  # parameter -> the parsed argument (an Expr, or a kwarg value)
    evaluate: Callable[[ast.expr], Any]  # static value of a node (UNKNOWN when not static)
    # The parameters given by keyword. The real parser reads a keyword's literal as the
    # Python value (`a_trans=True` is True) but a positional one as an IR constant the
    # wrapper sees as a Scalar: a flag's value is only known when it came by keyword.
    keywords: frozenset[str] = frozenset()
    # The IR call as the real IR builder makes it, where it differs from the source's:
    # "op" (the IR op's name, when a wrapper builds another op than its own: the mask form
    # of `pl.gather` is `tensor.gather_mask`), "args" (a list of Exprs) and "kwargs" (a
    # dict), set by the rule that knows the builder (`pl.matmul(a, b)` is `tensor.matmul(a, b, a_trans=False, ...)`). Shared
    # with the calls `as_op` derives, so a dispatching wrapper's caller sees it too.
    built: dict[str, Any] = field(default_factory=dict)

    @property
    def level(self) -> str:
        """ "tile", "tensor", "unified", ... (the key's first part)."""
        return self.op.partition(".")[0]

    @property
    def name(self) -> str:
        """The wrapper's function name (the key's last part)."""
        return self.op.partition(".")[2]

    def as_op(self, op: str) -> OpCall:
        """The same arguments, typed by the rule of `op` (a unified wrapper delegating)."""
        return OpCall(op, self.params, self.nodes, self.values, self.evaluate, self.keywords, self.built)

    def param(self, index: int) -> str | None:
        """The name of the wrapper's `index`-th parameter (None past the end)."""
        return self.params[index] if index < len(self.params) else None

    def has(self, param: str) -> bool:
        return param in self.nodes

    def expr(self, param: str | None) -> Expr | None:
        value = self.values.get(param) if param is not None else None
        return value if isinstance(value, Expr) else None

    def type_of(self, param: str | None) -> IRType | None:
        value = self.expr(param)
        return value.type if value is not None else None

    def tile(self, param: str | None) -> TileType | None:
        found = self.type_of(param)
        return found if isinstance(found, TileType) else None

    def tensor(self, param: str | None) -> TensorType | None:
        found = self.type_of(param)
        return found if isinstance(found, TensorType) else None

    def dims(self, param: str) -> tuple[Any, ...] | None:
        """A literal list/tuple argument as shape dims: static ints, a `pl.dynamic` name,
        else "?" (a value we cannot name the way the real IR does)."""
        node = self.nodes.get(param)
        if not isinstance(node, (ast.List, ast.Tuple)):
            return None
        dims: list[Any] = []
        for element in node.elts:
            value = self.evaluate(element)
            if isinstance(value, int) and not isinstance(value, bool):
                dims.append(value)
            elif isinstance(value, DynVar):
                dims.append(value.name)
            else:
                dims.append("?")
        return tuple(dims)

    def items(self, param: str) -> list[Expr] | None:
        """A literal list/tuple argument's parsed elements (IR expressions), or None."""
        value = self.values.get(param)
        if isinstance(value, MakeTuple) and isinstance(self.nodes.get(param), (ast.List, ast.Tuple)):
            return list(value.items)
        return None

    def list_length(self, param: str) -> int | None:
        node = self.nodes.get(param)
        return len(node.elts) if isinstance(node, (ast.List, ast.Tuple)) else None

    def dtype(self, param: str) -> str | None:
        node = self.nodes.get(param)
        if node is None:
            return None
        value = self.evaluate(node)
        return value.name if isinstance(value, DType) else None

    def memory(self, param: str, default: str | None) -> str | None:
        """A `pl.MemorySpace.<X>` / `pl.Mem.<X>` argument's member; `default` when absent."""
        node = self.nodes.get(param)
        if node is None:
            return default
        value = self.evaluate(node)
        if isinstance(value, EnumMember) and value.enum in ("MemorySpace", "Mem"):
            return value.member
        return None

    def keyword_value(self, param: str, default: Any) -> Any:
        """The Python value the wrapper receives for a keyword parameter: `default` when
        absent, the literal's value when given by keyword, UNKNOWN otherwise (a positional
        argument, or a value that is no static constant)."""
        node = self.nodes.get(param)
        if node is None:
            return default
        if param not in self.keywords:
            return UNKNOWN
        return self.evaluate(node)

    def is_false_or_absent(self, param: str) -> bool:
        node = self.nodes.get(param)
        return node is None or (isinstance(node, ast.Constant) and node.value in (False, None))


def is_wrapped(expr: Expr | None) -> bool:
    """A DSL-wrapped operand (a Var or computed value): a raw int/float literal or a list
    literal is not wrapped, and its `.unwrap()` fails in Python before any type deduction
    runs."""
    if isinstance(expr, MakeTuple):
        return False  # a list literal reaches the wrapper as a Python list
    return expr is not None and not (isinstance(expr, Const) and not isinstance(expr.value, bool))


def dsl_class(expr: Expr | None) -> str | None:
    """The class the real wrapper sees for a parsed operand (`type(x).__name__`), or None
    when unsure. Int/float literals stay raw `ConstInt`/`ConstFloat`; the rest is wrapped
    by IR type (Tensor, Tile, Scalar)."""
    if expr is None:
        return None
    if isinstance(expr, Const) and isinstance(expr.type, ScalarType):
        if isinstance(expr.value, bool):
            return "Scalar"  # ConstBool is wrapped like any scalar expression
        if isinstance(expr.value, int):
            return "ConstInt"
        if isinstance(expr.value, float):
            return "ConstFloat"
        return None
    if isinstance(expr.type, TensorType):
        return "DistributedTensor" if expr.type.distributed else "Tensor"
    if isinstance(expr.type, TileType):
        return "Tile"
    if isinstance(expr.type, TupleType) and isinstance(expr, Var):
        return "Var"  # a kernel's results bound to one name: the parser wraps no tuple
    if isinstance(expr.type, ScalarType):
        return "Scalar"  # a TaskId too: `_wrap_arg` wraps every ScalarType as a Scalar
    return None
