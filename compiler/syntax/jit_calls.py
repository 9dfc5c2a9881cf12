"""The scalar values a file's own `__main__` calls its `@pl.jit` entries with.

The real `@pl.jit` specialises a call: every int/float/bool argument of a scalar parameter
replaces that parameter's uses in the body before the parse (`pypto/jit/specializer.py`),
so the kernel has the value as a constant, not a parameter. pto-lsp never runs the file:
it reads the calls of the `if __name__ == "__main__":` block (and of the plain functions it
calls, such as `main()`), directly (`kernel(x, 2.0, y)`, `kernel.compile(...)`,
`kernel.lower(...)`) or through pypto-lib's `run_jit(fn=kernel, specs=build_specs(...))`,
whose `ScalarSpec("a", dtype, value)` gives the scalar `a` its value.

Each top-level statement is summarised once (`statement_calls`, kept with the statement's
other facts for the environment fold), as small hashable tuples: what a call passes is a
literal, a name, a nested call, or something else. `resolve_jit_calls` puts the summaries
together into `JIT_CALLS`: per JIT entry, each call's arguments, a value where it is static.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from typing import Any

from compiler.syntax.names import attribute_path
from compiler.syntax.values import UNKNOWN, fold_binary

# Environment key (never an identifier) of the resolved calls.
JIT_CALLS = "<jit calls>"

# What an argument is: ("const", value) | ("name", id) | ("call", callee, args, kwargs) |
# ("seq", items) | ("dotted", "torch.float32") | ("binop", ast operator class, lhs, rhs) | ("?",).
ArgFact = tuple[Any, ...]
CallFact = tuple[str, tuple[ArgFact, ...], tuple[tuple[str, ArgFact], ...]]
# ("main", calls, locals) | ("def", name, params, defaults, calls, scalar_specs, locals) |
# ("jit", name, params, steps) | ("collection", name, member names) | None.
StatementCalls = tuple[Any, ...] | None
# One call of a JIT entry: (("pos", i) | ("kw", name), value or UNSTATIC) per argument.
UNSTATIC = ("not static",)
_SPECIALISING = ("", "compile", "lower")  # `k(...)`, `k.compile(...)`, `k.lower(...)`
# How deep an argument's arithmetic is followed (`a * b // c`): a kernel's is shallow.
_MAX_ARITHMETIC_DEPTH = 8


class DeferredCalls:
    """The summary of a def, left to be found when asked (`calls_of`)."""

    __slots__ = ()

    def __reduce__(self) -> str:
        return "DEFERRED"  # pickled by name: the same object in another process


# A def's summary walks its whole body, and is needed only where the module has a
# `__main__` block (the environment's fold) or to tell an edited def's summary from the last
# (`SignedCalls`): `deferred_statement_calls` leaves it to be found then.
DEFERRED = DeferredCalls()
# Not an `ast` field: the summary of a def, found once (`calls_of`).
CALLS_MEMO = "_pto_statement_calls"


def deferred_statement_calls(stmt: ast.stmt) -> StatementCalls | DeferredCalls:
    """`statement_calls(stmt)`, or DEFERRED for a def whose summary walks its body."""
    if isinstance(stmt, ast.FunctionDef) and (
        not stmt.decorator_list or any(_is_jit_decorator(d) for d in stmt.decorator_list)
    ):
        return DEFERRED
    return statement_calls(stmt)


def calls_of(stmt: ast.stmt, found: StatementCalls | DeferredCalls) -> StatementCalls:
    """The summary `found` stands for (`deferred_statement_calls(stmt)`), found once per statement."""
    if found is not DEFERRED:
        return found  # type: ignore[return-value]
    summary = getattr(stmt, CALLS_MEMO, DEFERRED)
    if summary is DEFERRED:
        summary = statement_calls(stmt)
        setattr(stmt, CALLS_MEMO, summary)
    return summary  # type: ignore[return-value]


class SignedCalls:
    """A def's summary in the environment's fingerprint, found only when compared: two are
    equal when their defs' summaries are (the units the fold reads are compared only after
    an edit, one unit's defs at a time)."""

    __slots__ = ("_stmt",)

    def __init__(self, stmt: ast.stmt) -> None:
        self._stmt = stmt

    def summary(self) -> StatementCalls:
        return calls_of(self._stmt, DEFERRED)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SignedCalls):
            return NotImplemented
        return other is self or self.summary() == other.summary()

    def __hash__(self) -> int:
        return hash(self.summary())


def statement_calls(stmt: ast.stmt) -> StatementCalls:
    """The summary of a top-level statement the calls of `__main__` may go through."""
    if isinstance(stmt, ast.If) and _is_main_test(stmt.test):
        return ("main", _calls(stmt.body), _locals(stmt.body))
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        # `_MODES = {"a": kernel_a, "b": kernel_b}`: a loop of `__main__` may call each.
        members = _collection_members(stmt.value)
        return ("collection", stmt.targets[0].id, members) if members else None
    if isinstance(stmt, ast.FunctionDef) and any(_is_jit_decorator(d) for d in stmt.decorator_list):
        # A JIT function's calls of other JIT functions: its dependencies take their
        # tensors' shapes from its own.
        params = tuple(arg.arg for arg in [*stmt.args.posonlyargs, *stmt.args.args])
        return ("jit", stmt.name, params, _steps(stmt.body))
    if isinstance(stmt, ast.FunctionDef) and not stmt.decorator_list:
        args = stmt.args
        params = tuple(arg.arg for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs])
        positional = [*args.posonlyargs, *args.args]
        defaults = tuple(
            (arg.arg, _fact(default))
            for arg, default in zip(positional[::-1], args.defaults[::-1], strict=False)
        ) + tuple((arg.arg, _fact(d)) for arg, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d)
        calls = _calls(stmt.body)
        specs = tuple(
            (call[1][0][1], call[1][2])
            for call in calls
            if call[0] == "ScalarSpec" and len(call[1]) >= 3 and call[1][0][0] == "const"
        )
        return ("def", stmt.name, params, defaults, calls, specs, _locals(stmt.body))
    return None


def _is_jit_decorator(decorator: ast.expr) -> bool:
    """`@pl.jit`, `@pl.jit.incore(...)`: read as a chain of names (iteratively: a decorator
    may be nested deeper than `ast.unparse` can recurse)."""
    path = attribute_path(decorator.func if isinstance(decorator, ast.Call) else decorator)
    return path is not None and "jit" in ".".join(path)


def _steps(body: list[ast.stmt]) -> tuple[tuple[Any, ...], ...]:
    """A JIT body's calls and plain `name = value` bindings, in order (each statement's
    calls before what it binds; a binding by anything else makes the name unknown)."""
    steps: list[tuple[Any, ...]] = []
    for stmt in body:
        # One walk of the statement; its calls are taken before what it binds.
        binding: list[ast.AST] = []
        for node in _breadth_first(stmt):
            if isinstance(node, ast.Call):
                callee = _dotted(node.func)
                if callee:
                    steps.append(("call", _call_fact(node, callee)))
            elif isinstance(node, (ast.Assign, ast.Name)):
                binding.append(node)
        for node in binding:
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
            ):
                steps.append(("bind", node.targets[0].id, _fact(node.value)))
            elif (
                isinstance(node, ast.Name)
                and not isinstance(node.ctx, ast.Load)
                and not _binds(steps, node.id)
            ):
                steps.append(("bind", node.id, ("?",)))
    return tuple(steps)


# Nodes no summary looks at and that hold no node it does: the operators, the expression
# contexts and the constants (a name read is left out too, see `_breadth_first`).
_UNREAD = (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop, ast.Constant)


def _breadth_first(stmt: ast.stmt) -> list[ast.AST]:
    """The nodes of `stmt` in `ast.walk`'s order (breadth first), without the leaves no
    summary reads (`_UNREAD`, and a name read: only a stored name binds): the others in the
    same order, in a fraction of the time."""
    nodes: list[ast.AST] = [stmt]
    index = 0
    while index < len(nodes):
        node = nodes[index]
        index += 1
        for name in node._fields:
            value = getattr(node, name, None)
            if value.__class__ is list:
                nodes.extend(item for item in value if _read(item))
            elif _read(value):
                nodes.append(value)
    return nodes


def _read(value: object) -> bool:
    if value.__class__ is ast.Name:
        return value.ctx.__class__ is not ast.Load  # type: ignore[attr-defined]
    return isinstance(value, ast.AST) and not isinstance(value, _UNREAD)


def _binds(steps: list[tuple[Any, ...]], name: str) -> bool:
    """Whether the last step is the plain binding of `name` (its target, walked after it)."""
    return bool(steps) and steps[-1][:2] == ("bind", name)


def _locals(body: list[ast.stmt]) -> tuple[tuple[str, ArgFact], ...]:
    """The names the block binds by a plain `name = value` (anywhere in it), each with what
    it is bound to; a name bound twice to different things is not known."""
    found: dict[str, ArgFact] = {}
    for stmt in body:
        for node in _breadth_first(stmt):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.With, ast.NamedExpr)):
                for target in ast.walk(node.target if not isinstance(node, ast.With) else node):
                    if isinstance(target, ast.Name) and isinstance(target.ctx, ast.Store):
                        found[target.id] = ("?",)
                continue
            for target in targets:
                if isinstance(target, ast.Name):
                    fact = _fact(value)
                    found[target.id] = fact if found.get(target.id, fact) == fact else ("?",)
                else:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name):
                            found[name.id] = ("?",)
    return tuple(found.items())


def _is_main_test(test: ast.expr) -> bool:
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.comparators) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )


def _calls(body: list[ast.stmt]) -> tuple[CallFact, ...]:
    found: list[CallFact] = []
    looped = _loop_aliases(body)
    for stmt in body:
        for node in _breadth_first(stmt):
            if isinstance(node, ast.Call):
                callee = _dotted(node.func)
                head, dot, rest = callee.partition(".")
                if id(node) in looped and head == looped[id(node)][0]:
                    # a call of the loop's target: of each member of the collection it walks
                    callee = f"{_EACH_OF}{looped[id(node)][1]}{dot}{rest}"
                if callee:
                    found.append(_call_fact(node, callee))
    return tuple(found)


# The callee of a call of each member of a module-level collection (`*<collection>`).
_EACH_OF = "*"


def _collection_members(node: ast.expr) -> tuple[str, ...]:
    """The names a dict (its values), list or tuple literal holds, when it holds only names."""
    items = (
        node.values
        if isinstance(node, ast.Dict)
        else node.elts
        if isinstance(node, (ast.List, ast.Tuple))
        else []
    )
    names = tuple(item.id for item in items if isinstance(item, ast.Name))
    return names if names and len(names) == len(items) else ()


def _loop_aliases(body: list[ast.stmt]) -> dict[int, tuple[str, str]]:
    """id(call) -> (the loop target it may call, the collection the loop walks), for the
    calls inside `for k in C`, `for k in C.values()`, `for _, k in C.items()`."""
    found: dict[int, tuple[str, str]] = {}
    for stmt in body:
        for loop in _breadth_first(stmt):  # `ast.walk`'s order, the leaves no loop is left out
            if not isinstance(loop, ast.For):
                continue
            walked, target = loop.iter, loop.target
            if isinstance(walked, ast.Call) and isinstance(walked.func, ast.Attribute) and not walked.args:
                method, walked = walked.func.attr, walked.func.value
                if method == "items" and isinstance(target, ast.Tuple) and len(target.elts) == 2:
                    target = target.elts[1]
                elif method != "values":
                    continue
            if isinstance(walked, ast.Name) and isinstance(target, ast.Name):
                for inner in loop.body:
                    for node in _breadth_first(inner):
                        if isinstance(node, ast.Call):
                            found[id(node)] = (target.id, walked.id)
    return found


def _call_fact(node: ast.Call, callee: str) -> CallFact:
    keywords = tuple((kw.arg, _fact(kw.value)) for kw in node.keywords if kw.arg)
    if any(isinstance(arg, ast.Starred) for arg in node.args) or any(not kw.arg for kw in node.keywords):
        # `f(*sizes)`, `f(**options)`: which parameter gets what is not known
        keywords = (("*", ("?",)), *keywords)
    return (callee, tuple(_fact(arg) for arg in node.args), keywords)


def _fact(node: ast.expr, depth: int = 0) -> ArgFact:
    cls = node.__class__
    if cls is ast.BinOp and depth < _MAX_ARITHMETIC_DEPTH:
        # `max_model_len // block_size`: arithmetic over the names and literals of `__main__`
        return ("binop", node.op.__class__, _fact(node.left, depth + 1), _fact(node.right, depth + 1))  # type: ignore[attr-defined]
    if cls is ast.Constant:
        if isinstance(node.value, (bool, int, float, str)):  # type: ignore[attr-defined]
            return ("const", node.value)  # type: ignore[attr-defined]
    elif cls is ast.Name:
        return ("name", node.id)  # type: ignore[attr-defined]
    elif cls is ast.Tuple or cls is ast.List:
        return ("seq", tuple(_fact(item) for item in node.elts))  # type: ignore[attr-defined]
    elif cls is ast.Attribute:
        dotted = _dotted(node)
        if dotted:
            return ("dotted", dotted)
    elif cls is ast.Call:
        callee = _dotted(node.func)  # type: ignore[attr-defined]
        if callee:
            return ("call", *_call_fact(node, callee))  # type: ignore[arg-type]
    elif cls is ast.UnaryOp and node.op.__class__ is ast.USub and node.operand.__class__ is ast.Constant:  # type: ignore[attr-defined]
        value = node.operand.value  # type: ignore[attr-defined]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return ("const", -value)
    return ("?",)


def _dotted(node: ast.expr) -> str:
    parts: list[str] = []
    while node.__class__ is ast.Attribute:
        parts.append(node.attr)  # type: ignore[attr-defined]
        node = node.value  # type: ignore[attr-defined]
    if node.__class__ is not ast.Name:
        return ""
    if not parts:
        return node.id  # type: ignore[attr-defined]
    parts.append(node.id)  # type: ignore[attr-defined]
    return ".".join(reversed(parts))


def resolve_jit_calls(
    summaries: Iterable[StatementCalls], is_jit_entry: Callable[[str], bool], lookup: Callable[[str], Any]
) -> tuple[tuple[str, tuple[tuple[tuple[tuple[str, Any], Any], ...], ...]], ...]:
    """Per JIT entry the file's `__main__` calls: each call's arguments (keyed by position or
    name), each a static bool/int/float or `UNSTATIC`. `lookup`: a module name's value."""
    defs: dict[str, tuple[Any, ...]] = {}
    jits: dict[str, tuple[Any, ...]] = {}
    collections: dict[str, tuple[str, ...]] = {}
    pending: list[tuple[CallFact, dict[str, ArgFact]]] = []
    for summary in summaries:
        if summary is None:
            continue
        if summary[0] == "def":
            defs[summary[1]] = summary
        elif summary[0] == "jit":
            jits[summary[1]] = summary
        elif summary[0] == "collection":
            collections[summary[1]] = summary[2]
        else:
            scope = dict(summary[2])
            pending.extend((call, scope) for call in summary[1])
    found: dict[str, list[tuple[tuple[tuple[str, Any], Any], ...]]] = {}
    followed: set[str] = set()
    while pending:
        (callee, args, kwargs), scope = pending.pop(0)
        head, _, method = callee.partition(".")
        if head.startswith(_EACH_OF):
            members = collections.get(head.removeprefix(_EACH_OF), ())
            pending[:0] = [((".".join(filter(None, (m, method))), args, kwargs), scope) for m in members]
            continue
        if method in _SPECIALISING and is_jit_entry(head):
            found.setdefault(head, []).append(_bound_arguments(args, kwargs, scope, lookup, "config"))
        elif callee == "run_jit" or callee.endswith(".run_jit"):
            _run_jit(dict(kwargs), args, defs, is_jit_entry, lookup, found)
        elif not method and callee in defs:
            # A plain function `__main__` calls (a program factory among them): its arguments.
            found.setdefault(callee, []).append(_bound_arguments(args, kwargs, scope, lookup))
            if callee in followed:
                continue
            followed.add(callee)
            inner = dict(defs[callee][6])
            pending.extend((call, inner) for call in defs[callee][4])
    for entry in list(found):
        if entry in jits:
            _dependency_calls(jits[entry], found[entry], jits, is_jit_entry, lookup, found)
    return tuple(sorted((name, tuple(calls)) for name, calls in found.items()))


def _bound_arguments(
    args: tuple[ArgFact, ...],
    kwargs: tuple[tuple[str, ArgFact], ...],
    scope: dict[str, ArgFact],
    lookup: Callable[[str], Any],
    left_out: str = "",
) -> tuple[tuple[tuple[str, Any], Any], ...]:
    """One call's arguments, by position and by name, each a static value or UNSTATIC; a
    call whose arguments are not all known (`*sizes`, `**options`) starts with `("kw", "*")`."""
    bound = [(("kw", k), UNSTATIC) for k, _ in kwargs if k == "*"]
    bound += [(("pos", i), _value(a, scope, lookup)) for i, a in enumerate(args)]
    bound += [(("kw", k), _value(a, scope, lookup)) for k, a in kwargs if k not in (left_out, "*")]
    return tuple(bound)


def _dependency_calls(
    entry: tuple[Any, ...],
    entry_calls: list[tuple[tuple[tuple[str, Any], Any], ...]],
    jits: dict[str, tuple[Any, ...]],
    is_jit_entry: Callable[[str], bool],
    lookup: Callable[[str], Any],
    found: dict[str, list[tuple[tuple[tuple[str, Any], Any], ...]]],
) -> None:
    """The calls an entry's body makes of its JIT dependencies (`@pl.jit.incore`, ...), for
    each call of the entry: an argument that is one of the entry's parameters is what the
    entry's call passed for it (the real specializer's `_resolve_dep_call_metadata`)."""
    _, _, params, steps = entry
    for bound in entry_calls:
        # What each name holds, as the body goes: the entry's parameters first.
        held: dict[str, Any] = {}
        for (kind, key), value in bound:
            name = params[key] if kind == "pos" and key < len(params) else key if kind == "kw" else None
            if isinstance(name, str):
                held[name] = value
        for step in steps:
            if step[0] == "bind":
                _, name, fact = step
                # `out = dep(..., out)`: the dependency returns the tensor it was given.
                passed = fact[0] == "call" and ("name", name) in fact[2]
                held[name] = held.get(name, UNSTATIC) if passed else _held_value(fact, held, lookup)
                continue
            callee, args, kwargs = step[1]
            if callee not in jits or is_jit_entry(callee):
                continue
            dep = [(("pos", i), _held_value(a, held, lookup)) for i, a in enumerate(args)]
            dep += [(("kw", k), _held_value(a, held, lookup)) for k, a in kwargs]
            found.setdefault(callee, []).append(tuple(dep))


def _held_value(fact: ArgFact, held: dict[str, Any], lookup: Callable[[str], Any]) -> Any:
    if fact[0] == "name" and fact[1] in held:
        return held[fact[1]]
    return _value(fact, {}, lookup)


def _run_jit(
    kwargs: dict[str, ArgFact],
    args: tuple[ArgFact, ...],
    defs: dict[str, tuple[Any, ...]],
    is_jit_entry: Callable[[str], bool],
    lookup: Callable[[str], Any],
    found: dict[str, list[tuple[tuple[tuple[str, Any], Any], ...]]],
) -> None:
    """`run_jit(fn=kernel, specs=build_specs(...))`: the scalars are the specs' values."""
    fn = kwargs.get("fn", args[0] if args else ("?",))
    specs = kwargs.get("specs", args[1] if len(args) > 1 else ("?",))
    if fn[0] != "name" or not is_jit_entry(fn[1]):
        return
    factory = defs.get(specs[1]) if specs[0] == "call" else None
    if factory is None:
        found.setdefault(fn[1], []).append(((("kw", "*"), UNSTATIC),))
        return
    _, _, params, defaults, _, scalar_specs, _ = factory
    scope: dict[str, ArgFact] = dict(defaults)
    scope.update(zip(params, specs[2], strict=False))
    scope.update(dict(specs[3]))
    bound = tuple((("kw", name), _value(fact, scope, lookup)) for name, fact in scalar_specs)
    found.setdefault(fn[1], []).append(bound)


def _value(fact: ArgFact, scope: dict[str, ArgFact], lookup: Callable[[str], Any], depth: int = 0) -> Any:
    """A static bool/int/float, a torch tensor's `("tensor", shape, dtype)`, or UNSTATIC."""
    if depth > 8:
        return UNSTATIC
    if fact[0] == "const" and isinstance(fact[1], (bool, int, float)):
        return fact[1]
    if fact[0] == "name":
        if fact[1] in scope:
            return _value(scope[fact[1]], scope, lookup, depth + 1)
        value = lookup(fact[1])
        if isinstance(value, (bool, int, float)):
            return value
    if fact[0] == "call":
        return _tensor(fact, scope, lookup, depth)
    if fact[0] == "binop":
        result = fold_binary(
            fact[1], _value(fact[2], scope, lookup, depth + 1), _value(fact[3], scope, lookup, depth + 1)
        )
        return UNSTATIC if result is UNKNOWN else result
    return UNSTATIC


# torch's tensor factories: (the size is the first argument only, a fill value follows).
_FACTORIES = {"zeros": False, "ones": False, "empty": False, "randn": False, "rand": False, "full": True}
_TORCH_DTYPES = {
    "float32": "FP32",
    "float": "FP32",
    "float16": "FP16",
    "half": "FP16",
    "bfloat16": "BF16",
    "int32": "INT32",
    "int64": "INT64",
    "int16": "INT16",
    "int8": "INT8",
    "uint8": "UINT8",
    "bool": "BOOL",
}


def _tensor(fact: ArgFact, scope: dict[str, ArgFact], lookup: Callable[[str], Any], depth: int) -> Any:
    """`torch.zeros((64, 64), dtype=torch.float32)`, `torch.randn(M, K)`, `torch.full((8, 8), 2.0)`,
    `torch.zeros_like(a)`: the tensor's shape and dtype."""
    _, callee, args, kwargs = fact
    module, _, factory = callee.rpartition(".")
    keywords = dict(kwargs)
    if factory == "create_tensor" and module and args and args[0][0] == "seq" and "dtype" in keywords:
        # `pl.create_tensor([64, 64], dtype=pl.FP32)` in a JIT body
        dims = tuple(_value(size, scope, lookup, depth + 1) for size in args[0][1])
        dtype = keywords["dtype"][1].rpartition(".")[2] if keywords["dtype"][0] == "dotted" else ""
        if dtype.upper() == dtype and all(
            isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in dims
        ):
            return ("tensor", dims, dtype)
        return UNSTATIC
    if module != "torch":
        return UNSTATIC
    if factory == "zeros_like" and args and set(keywords) <= {"dtype"}:
        like = _value(args[0], scope, lookup, depth + 1)
        if not (isinstance(like, tuple) and like[:1] == ("tensor",)):
            return UNSTATIC
        dtype = _dtype(keywords["dtype"]) if "dtype" in keywords else like[2]
        return UNSTATIC if dtype is None else ("tensor", like[1], dtype)
    if factory not in _FACTORIES or not args or not set(keywords) <= {"dtype"}:
        return UNSTATIC
    filled = _FACTORIES[factory]
    sizes = args[0][1] if args[0][0] == "seq" else (args[:1] if filled else args)
    if (filled and len(args) != 2) or (not filled and args[0][0] == "seq" and len(args) != 1):
        return UNSTATIC
    dims = tuple(_value(size, scope, lookup, depth + 1) for size in sizes)
    if not dims or not all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in dims):
        return UNSTATIC
    if "dtype" in keywords:
        dtype = _dtype(keywords["dtype"])
    elif filled:  # torch.full takes its dtype from the fill value
        fill = _value(args[1], scope, lookup, depth + 1)
        dtype = "BOOL" if isinstance(fill, bool) else "INT64" if isinstance(fill, int) else "FP32"
    else:
        dtype = "FP32"  # torch's default dtype
    return UNSTATIC if dtype is None else ("tensor", dims, dtype)


def _dtype(fact: ArgFact) -> str | None:
    if fact[0] != "dotted" or not fact[1].startswith("torch."):
        return None
    return _TORCH_DTYPES.get(fact[1].removeprefix("torch."))
