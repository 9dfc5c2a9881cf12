"""What a call of a `@pl.jit` helper without a return annotation binds, read from its source.

The real `@pl.jit` specializer writes each helper an entry calls into the program it
compiles, and annotates the helper's return from its source (`_infer_return_type` in
`pypto/jit/specializer.py`): `return a, b` of tensor parameters is a tuple of their
types, `return a` of one is that type, and otherwise the first `pl.Out` parameter's type;
a parameter's type there is the one of the tensor the caller passes it. `return f(...)`
gets no annotation: the parser then derives the type from the body's first return, which
is modelled where it returns what one call of another helper binds (`a, b = g(x, y)` ...
`return a, b`: what `g` returns of the parameters passed to it, `ForwardedReturn`).

The summary is syntactic (parameter names and positions), so that a caller's parse can
type the call from the arguments it passes, without the helper's parse.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

# The helpers the specializer annotates this way (the entry kinds are compiled on their own).
HELPER_DECORATORS = frozenset({"jit.inline", "jit.incore", "jit.opaque", "jit.extern"})


@dataclass(frozen=True)
class HelperReturn:
    """The parameters whose types a call of the helper binds (positions among `params`);
    `as_tuple`: the result is a tuple of them (`return a, b`), else the one type."""

    params: tuple[str, ...]
    returned: tuple[int, ...]
    as_tuple: bool


@dataclass(frozen=True)
class ForwardedReturn:
    """`a, b = callee(...)` then `return a, b`: the results of one call of another helper
    (`picked`: their indices among its results), `passed` naming for each of the callee's
    arguments (its position, or its keyword) the parameter passed there (its position
    among `params`), None for anything else. Resolved by `forwarded` once the callee's
    summary is known."""

    params: tuple[str, ...]
    callee: str
    passed: tuple[tuple[int | str, int | None], ...]
    picked: tuple[int, ...]


@dataclass(frozen=True)
class BodyReturn:
    """`return a, b` (or `return a`) of tensors the helper creates itself, with no return
    annotation: the specializer writes none, and the real parser types the call from the
    body's first return (`_effective_return_types`). Kept only where those types do not
    depend on the call: each returned name is bound once, at the body's top level, by a
    `pl.create_tensor(...)` reading no parameter (nor a local that reads one).
    `statements`: those bindings and the locals' ones they read, in source order; `text`
    their source and `reads` the module names they read with their values (set by the
    fold), so that an edit of either changes the summary."""

    names: tuple[str, ...]
    as_tuple: bool
    text: str
    statements: tuple[ast.stmt, ...] = field(compare=False, hash=False, repr=False)
    free_names: tuple[str, ...] = field(compare=False, hash=False, repr=False)
    reads: tuple[tuple[str, object], ...] = ()


def forwarded(
    summary: HelperReturn | ForwardedReturn | BodyReturn | None, lookup: object
) -> HelperReturn | BodyReturn | None:
    """`summary` as the parameters it returns; a forwarded one through its callee's summary
    (`lookup(name)`: the callee's value, a `DslFunction` when it is a helper)."""
    if not isinstance(summary, ForwardedReturn):
        return summary
    callee = getattr(lookup(summary.callee), "inferred_return", None)  # type: ignore[operator]
    if not isinstance(callee, HelperReturn) or not callee.as_tuple:
        return None
    passed = dict(summary.passed)
    positions = []
    for index in summary.picked:
        if index >= len(callee.returned):
            return None
        at = callee.returned[index]
        own = passed[at] if at in passed else passed.get(callee.params[at])
        if own is None:
            return None  # not a parameter passed there: its type is not the caller's tensor
        positions.append(own)
    return HelperReturn(summary.params, tuple(positions), True)


def helper_return(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
) -> HelperReturn | ForwardedReturn | BodyReturn | None:
    """The summary of the return the specializer infers for `node` if it is a helper (see
    `HELPER_DECORATORS`: the caller knows its decorator), None when it infers none or
    takes it from the return annotation (a `pl.Scalar[...]` one, or a tuple's element that
    is no parameter: not modelled). Any other annotation it drops: a bare `-> pl.Tensor`
    of an external kernel is the type of its first `pl.Out` parameter's tensor."""
    params = tuple(arg.arg for arg in node.args.args if arg.arg != "self")
    tensors = {arg.arg for arg in node.args.args if arg.annotation is not None and _is_tensor(arg.annotation)}
    # (the first return with a value in `ast.walk`'s order, as the specializer takes it)
    value = next(
        (n.value for n in ast.walk(node) if isinstance(n, ast.Return) and n.value is not None),
        None,
    )
    if isinstance(value, ast.Tuple):
        names = [elt.id if isinstance(elt, ast.Name) else None for elt in value.elts]
        if not names or any(name not in tensors for name in names):
            # (no annotation: the parser's types of the body's return, when they are a call's)
            found = _forwarded(node, params, names)
            if found is None and node.returns is None and all(names):
                return _body_return(node, params, names, as_tuple=True)  # type: ignore[arg-type]
            return found
        return HelperReturn(params, tuple(params.index(name) for name in names if name), True)
    if isinstance(value, ast.Call) or (value is not None and _is_scalar(node.returns)):
        return None
    if isinstance(value, ast.Name) and value.id in tensors:
        return HelperReturn(params, (params.index(value.id),), False)
    first_out = next(
        (arg.arg for arg in node.args.args if arg.annotation is not None and _is_out_tensor(arg.annotation)),
        None,
    )
    if first_out is not None:
        return HelperReturn(params, (params.index(first_out),), False)
    if isinstance(value, ast.Name) and node.returns is None:
        return _body_return(node, params, [value.id], as_tuple=False)
    return None


_CREATE = frozenset({"create_tensor", "create"})


def _body_return(
    node: ast.FunctionDef | ast.AsyncFunctionDef, params: tuple[str, ...], names: list[str], as_tuple: bool
) -> BodyReturn | None:
    """`BodyReturn` when every returned name is a tensor the body creates from module
    names alone (see there), and the return is the body's only one."""
    if sum(1 for n in ast.walk(node) if isinstance(n, ast.Return)) != 1:
        return None
    stores: dict[str, int] = {}
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            stores[n.id] = stores.get(n.id, 0) + 1
        elif (
            isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)) and n is not node
        ):
            return None  # a nested scope: its names are not followed
    top = {
        stmt.targets[0].id: stmt
        for stmt in node.body
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
    }
    needed: dict[int, ast.stmt] = {}
    free: set[str] = set()

    def take(name: str, created: bool) -> bool:
        stmt = top.get(name)
        if name in params or stmt is None or stores.get(name) != 1:
            return False
        if created and not _is_create(stmt.value):
            return False
        if id(stmt) in needed:
            return True
        needed[id(stmt)] = stmt
        for n in ast.walk(stmt.value):
            if isinstance(n, ast.Name):
                if n.id in stores or n.id in params:
                    if not take(n.id, created=False):
                        return False
                else:
                    free.add(n.id)
        return True

    if not all(take(name, created=True) for name in names):
        return None
    order = {id(stmt): index for index, stmt in enumerate(node.body)}
    statements = tuple(sorted(needed.values(), key=lambda stmt: order[id(stmt)]))
    text = "\n".join(ast.unparse(stmt) for stmt in statements)
    return BodyReturn(tuple(names), as_tuple, text, statements, tuple(sorted(free)))


def _is_create(value: ast.expr) -> bool:
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in _CREATE
        and not any(isinstance(arg, ast.Starred) for arg in value.args)
    )


def _forwarded(
    node: ast.FunctionDef | ast.AsyncFunctionDef, params: tuple[str, ...], names: list[str | None]
) -> ForwardedReturn | None:
    """The returned names all bound by one unpacking of a helper's call among the body's
    own statements, and nowhere else: that call's results."""
    if any(name is None for name in names):
        return None
    binding = next(
        (
            stmt
            for stmt in node.body
            if isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Tuple)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Name)
            and any(isinstance(elt, ast.Name) and elt.id == names[0] for elt in stmt.targets[0].elts)
        ),
        None,
    )
    if binding is None:
        return None
    targets = [elt.id if isinstance(elt, ast.Name) else None for elt in binding.targets[0].elts]  # type: ignore[attr-defined]
    if any(name not in targets for name in names):
        return None
    stores = [
        n.id
        for n in ast.walk(node)
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load) and n.id in names
    ]
    if len(stores) != len(set(names)) or any(name in params for name in names):
        return None  # bound again elsewhere: which binding the return reads is not known here
    call = binding.value
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(kw.arg is None for kw in call.keywords):
        return None
    passed: list[tuple[int | str, int | None]] = [
        (index, _param_position(arg, params)) for index, arg in enumerate(call.args)
    ]
    passed += [(kw.arg, _param_position(kw.value, params)) for kw in call.keywords if kw.arg]
    return ForwardedReturn(params, call.func.id, tuple(passed), tuple(targets.index(name) for name in names))


def _param_position(arg: ast.expr, params: tuple[str, ...]) -> int | None:
    return params.index(arg.id) if isinstance(arg, ast.Name) and arg.id in params else None


def _is_scalar(annotation: ast.expr | None) -> bool:
    return isinstance(annotation, ast.Subscript) and _last_name(annotation.value) == "Scalar"


def _is_tensor(annotation: ast.expr) -> bool:
    """A tensor parameter as the specializer classifies it: `pl.Tensor[...]` (bare or
    subscripted, a DistributedTensor too), or one wrapped in `pl.Out` / `pl.InOut`."""
    if isinstance(annotation, ast.Subscript) and _last_name(annotation.value) in ("Out", "InOut"):
        return _is_tensor_like(annotation.slice)
    return _is_tensor_like(annotation)


def _is_out_tensor(annotation: ast.expr) -> bool:
    return (
        isinstance(annotation, ast.Subscript)
        and _last_name(annotation.value) == "Out"
        and _is_tensor_like(annotation.slice)
    )


def _is_tensor_like(node: ast.expr) -> bool:
    if isinstance(node, ast.Subscript):
        return _is_tensor_like(node.value)
    return _last_name(node) in ("Tensor", "DistributedTensor")


def _last_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None
