"""IR nodes. Every node carries the span of the source it came from.

`Var` is compared by identity, never by name: two bindings of one name are two
Vars, which is what lets a cache-policy declaration follow one binding only.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any

from compiler.base.span import Span
from compiler.ir.types import IRType, ScalarType, UnknownType

__all__ = [
    "SCALAR_CAST_OP",
    "AssignStmt",
    "BinaryExpr",
    "BreakStmt",
    "Call",
    "ClusterScopeStmt",
    "Const",
    "ContinueStmt",
    "Direction",
    "EvalStmt",
    "Expr",
    "ForKind",
    "ForStmt",
    "Function",
    "FunctionType",
    "HierarchyScopeStmt",
    "IfStmt",
    "InCoreScopeStmt",
    "MakeTuple",
    "OpaqueExpr",
    "OpaqueStmt",
    "Param",
    "Program",
    "ReturnStmt",
    "RuntimeScopeStmt",
    "ScopeKind",
    "ScopeStmt",
    "SeqStmts",
    "Slice",
    "SplitAivScopeStmt",
    "SpmdScopeStmt",
    "Stmt",
    "SubscriptIndex",
    "TupleGetItem",
    "UnaryExpr",
    "Var",
    "WhileStmt",
    "YieldStmt",
    "is_index_literal",
]


class Direction(str, enum.Enum):
    IN = "In"
    OUT = "Out"
    INOUT = "InOut"


class FunctionType(str, enum.Enum):
    OPAQUE = "Opaque"
    ORCHESTRATION = "Orchestration"
    INCORE = "InCore"
    AIC = "AIC"
    AIV = "AIV"
    GROUP = "Group"
    SPMD = "Spmd"
    INLINE = "Inline"
    GRAPH = "Graph"


class ForKind(str, enum.Enum):
    RANGE = "Sequential"
    PARALLEL = "Parallel"
    UNROLL = "Unroll"
    PIPELINE = "Pipeline"


class ScopeKind(str, enum.Enum):
    """The real `ir.ScopeKind` names; R2's message prints them."""

    IN_CORE = "InCore"
    CLUSTER = "Cluster"
    HIERARCHY = "Hierarchy"
    SPMD = "Spmd"
    RUNTIME = "Runtime"
    SPLIT_AIV = "SplitAiv"


# ---------------------------------------------------------------- expressions


# Types are immutable: every expression built without one shares this one
# (a factory would build a fresh one per node).
_UNKNOWN_TYPE = UnknownType()


@dataclass(eq=False, slots=True)
class Expr:
    span: Span
    type: IRType = field(default=_UNKNOWN_TYPE, kw_only=True)


@dataclass(eq=False, slots=True)
class Var(Expr):
    name: str
    # The variable this one copies where the real IR keeps one Var (UnrollLoops' copies of
    # an inner loop's variable): the printer names them as one.
    origin: Var | None = field(default=None, kw_only=True, repr=False)
    # The name hint the real IR keeps where we name the var as the real printer shows it
    # (`x__tile_1` for the second var of hint `x__tile`, `compiler.passes.printed_names`):
    # the real codegen names its value after the hint.
    hint: str | None = field(default=None, kw_only=True, repr=False)
    # A var of its own in the real IR wherever it is bound (a scope's `as tid` after
    # ConvertToSSA, bound again by the outliner's unpacking): the printer tells it apart
    # from another var of its name, as it does a loop's variable.
    own: bool = field(default=False, kw_only=True, repr=False)

    def __repr__(self) -> str:
        return f"Var({self.name}@{id(self):x})"


@dataclass(eq=False, slots=True)
class Const(Expr):
    value: int | float | bool | str | None


@dataclass(eq=False, slots=True)
class Call(Expr):
    """An op call (`op` = "tile.load", "tensor.matmul", ...) or a call of a function
    of the program (`op` = "self.<name>" / the bare function name)."""

    op: str
    args: list[Expr]
    kwargs: dict[str, Any] = field(default_factory=dict)
    # Where the author wrote a keyword (e.g. `cache=`), for facts that point at it.
    kwarg_spans: dict[str, Span] = field(default_factory=dict)


@dataclass(eq=False, slots=True)
class MakeTuple(Expr):
    items: list[Expr]


@dataclass(eq=False, slots=True)
class Slice(Expr):
    """`lower:upper:step` inside a subscript; a part the author left out is None."""

    lower: Expr | None
    upper: Expr | None
    step: Expr | None


@dataclass(eq=False, slots=True)
class SubscriptIndex(MakeTuple):
    """The index of subscript sugar (`x[r:r + 64, :]`, `dst[i, :] = v`), one item per
    position (an `Expr` or a `Slice`), kept as written: the real parser expands it
    into offsets and shapes, which needs shape inference this front end does not do.
    A `MakeTuple`, so walks that read a call's operands see what the index reads."""


@dataclass(eq=False, slots=True)
class TupleGetItem(Expr):
    tuple_expr: Expr
    index: int


@dataclass(eq=False, slots=True)
class BinaryExpr(Expr):
    op: str
    lhs: Expr
    rhs: Expr


@dataclass(eq=False, slots=True)
class UnaryExpr(Expr):
    op: str
    operand: Expr


@dataclass(eq=False, slots=True)
class OpaqueExpr(Expr):
    """An expression this front end does not model; `text` is its source and
    `operands` the sub-expressions it was seen to use (so captures stay right)."""

    text: str
    operands: list[Expr] = field(default_factory=list)
    # Its rules and its type are modelled, only not its printing (a distributed op, whose
    # result may be the real `UnknownType` of a side-effect-only op): it is analysed.
    modelled: bool = field(default=False, kw_only=True)

    def __post_init__(self) -> None:
        if not names_a_value(self.text):  # a value we could not fold is no unmodelled form
            _count_opaque()


# A scalar's cast (the real IR's Cast expression) is a call of this name: `pl.cast(n, pl.INDEX)`.
SCALAR_CAST_OP = "pl.cast"


def is_index_literal(expr: Expr | None, value: int) -> bool:
    """`expr` is the INDEX literal `value` (what a bare int literal parses to)."""
    return (
        isinstance(expr, Const)
        and type(expr.value) is int
        and expr.value == value
        and isinstance(expr.type, ScalarType)
        and expr.type.dtype == "INDEX"
    )


# ----------------------------------------------------------------- statements


@dataclass(eq=False, slots=True)
class Stmt:
    """`comments`: the source comments the real parser attached to the statement (its
    `leading_comments`), printed above it as `# <text>` lines; passes carry them along."""

    span: Span
    comments: tuple[str, ...] = field(default=(), kw_only=True)


@dataclass(eq=False, slots=True)
class OpaqueStmt(Stmt):
    """A statement not analysed (the real parser rejects it, or we do not model it).

    Passes that need the whole body (capture analysis) treat its presence as
    "not analysed" and stay silent rather than guess.
    """

    text: str

    def __post_init__(self) -> None:
        _count_opaque()


# How many opaque nodes (`OpaqueExpr`, `OpaqueStmt`) this process has made, but for the
# expressions that only name a value; it only grows. IR built while it stood still holds
# no construct `compiler.coverage` reports: it need not walk it.
_opaque_made = 0

# A name or `a.b.c` path kept opaque refers to a value (a dtype, an enum member, a closure
# constant we cannot fold): its form is modelled, only its value may be unknown.
_VALUE_REFERENCE = re.compile(r"[^\W\d]\w*(\.[^\W\d]\w*)*")
# A string literal kept opaque is an op's attribute (`name="v2c_slot_buffer_0"`): a value too.
_STRING_LITERAL = re.compile(r"'[^'\\\n]*'" + r'|"[^"\\\n]*"')


def names_a_value(text: str) -> bool:
    """Whether an opaque expression's text only names a value (`pl.Mem.Vec`, `"ring"`):
    its form is modelled, only its value may be unknown."""
    return bool(_VALUE_REFERENCE.fullmatch(text) or _STRING_LITERAL.fullmatch(text))


def _count_opaque() -> None:
    global _opaque_made
    _opaque_made += 1


def opaque_made() -> int:
    """The number of opaque nodes made so far in this process."""
    return _opaque_made


@dataclass(eq=False, slots=True)
class SeqStmts(Stmt):
    stmts: list[Stmt]


@dataclass(eq=False, slots=True)
class AssignStmt(Stmt):
    var: Var
    value: Expr
    # `@pl.jit` only: the name the real specializer renames this binding to (`tile_v1`),
    # set by `compiler.parser.jit_renames`; ConvertToSSA versions the binding under it.
    jit_alias: str | None = None


@dataclass(eq=False, slots=True)
class EvalStmt(Stmt):
    expr: Expr


@dataclass(eq=False, slots=True)
class BreakStmt(Stmt):
    pass


@dataclass(eq=False, slots=True)
class ContinueStmt(Stmt):
    pass


@dataclass(eq=False, slots=True)
class ReturnStmt(Stmt):
    values: list[Expr]


@dataclass(eq=False, slots=True)
class YieldStmt(Stmt):
    values: list[Expr]
    targets: list[Var] = field(default_factory=list)
    jit_alias: str | None = None  # as `AssignStmt.jit_alias`, for a single target


@dataclass(eq=False, slots=True)
class ForStmt(Stmt):
    kind: ForKind
    loop_var: Var | None
    start: Expr | None
    stop: Expr | None
    step: Expr | None
    body: SeqStmts
    iter_args: list[Var] = field(default_factory=list)
    init_values: list[Expr] = field(default_factory=list)
    return_vars: list[Var] = field(default_factory=list)
    attrs: list[tuple[str, Any]] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class IfStmt(Stmt):
    condition: Expr
    then_body: SeqStmts
    else_body: SeqStmts | None
    return_vars: list[Var] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class WhileStmt(Stmt):
    condition: Expr | None
    body: SeqStmts
    iter_args: list[Var] = field(default_factory=list)
    init_values: list[Expr] = field(default_factory=list)
    return_vars: list[Var] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class ScopeStmt(Stmt):
    """A scope statement. `attrs` is ordered, like the real `attrs_` vector.

    `cache_policy_vars` is a list of (Var, policy int) pairs when present, and
    `declaration_spans` holds, beside each pair, the marker statement that
    declared it. `header_span` is the `with`/`for` line, where the author wrote
    the scope.
    """

    body: SeqStmts
    attrs: list[tuple[str, Any]] = field(default_factory=list)
    name_hint: str = ""
    header_span: Span | None = None
    declaration_spans: list[Span] = field(default_factory=list)
    # The statements of the body as written (markers included), for edits that move code.
    body_span: Span | None = None

    kind: ScopeKind = field(init=False, default=ScopeKind.IN_CORE)

    def attr(self, key: str, default: Any = None) -> Any:
        for k, v in self.attrs:
            if k == key:
                return v
        return default


@dataclass(eq=False, slots=True)
class InCoreScopeStmt(ScopeStmt):
    split: str | None = None

    def __post_init__(self) -> None:
        self.kind = ScopeKind.IN_CORE


@dataclass(eq=False, slots=True)
class HierarchyScopeStmt(ScopeStmt):
    level: str = "UNDEFINED"
    role: str | None = None

    def __post_init__(self) -> None:
        self.kind = ScopeKind.HIERARCHY


@dataclass(eq=False, slots=True)
class SpmdScopeStmt(ScopeStmt):
    core_num: Expr | None = None
    sync_start: bool = False

    def __post_init__(self) -> None:
        self.kind = ScopeKind.SPMD


@dataclass(eq=False, slots=True)
class ClusterScopeStmt(ScopeStmt):
    def __post_init__(self) -> None:
        self.kind = ScopeKind.CLUSTER


@dataclass(eq=False, slots=True)
class RuntimeScopeStmt(ScopeStmt):
    manual: bool = False

    def __post_init__(self) -> None:
        self.kind = ScopeKind.RUNTIME


@dataclass(eq=False, slots=True)
class SplitAivScopeStmt(ScopeStmt):
    mode: str | None = None

    def __post_init__(self) -> None:
        self.kind = ScopeKind.SPLIT_AIV


# ------------------------------------------------------- functions, programs


@dataclass(eq=False)
class Param:
    var: Var
    direction: Direction = Direction.IN


@dataclass(eq=False)
class Function:
    name: str
    params: list[Param]
    return_types: list[IRType]
    func_type: FunctionType
    body: SeqStmts
    span: Span
    level: str | None = None
    role: str | None = None
    attrs: list[tuple[str, Any]] = field(default_factory=list)
    # How the author wrote it: "function", "inline", "jit", "jit.incore", ...
    decorator: str = "function"
    # `@pl.jit` only (`compiler.parser.jit_renames`): the names the real specializer
    # bridges into loops, each with the loop's span (not modelled).
    jit_bridges: list[tuple[str, Span]] = field(default_factory=list)
    # `@pl.jit` only (`compiler.parser.jit_scalars`): why a scalar parameter is not
    # specialised as the real `@pl.jit` would ("": none, or each is).
    jit_unspecialised: str = ""
    # A HOST SubWorker's body: its plain Python, as the real parser keeps it (each
    # statement `ast.unparse`d); None for an abstract one (`...`) and any other function.
    inline_body: str | None = None

    @property
    def has_dsl_body(self) -> bool:
        """HOST SubWorker bodies are plain Python; `@pl.jit.extern` bodies are stubs."""
        return self.decorator != "jit.extern" and not (self.level == "HOST" and self.role == "SubWorker")


@dataclass(eq=False)
class Program:
    name: str
    functions: list[Function]
    span: Span
    # A `@pl.jit` entry compiled with its dependencies (`compiler.lowering.jit_program`):
    # InlineFunctions splices even where the real `_inline<n>` numbering is not known, and
    # says why in `inline_names_unknown` (the kernels that show those names are not emitted).
    jit_entry: bool = False
    # The locals of the factory that builds it which the program reads and a static reading
    # does not fold (its parameters without a default): the caller's values, known when the
    # program is built.
    built_with: tuple[str, ...] = ()
    inline_names_unknown: str = ""
    # Why the order of an outlined function's outputs is not known (several store targets
    # of one scope: the real outliner's hash order), else "": no dump of it is the real one.
    outputs_order_unknown: str = ""
    inline_numbers_taken: int = 0  # how far InlineFunctions advanced the real process-wide counter
