"""The shape and offset lists a DSL op wrapper iterates before anything else judges them.

The real wrappers hand a shape, offset or valid-shape argument to `_normalize_intlike`
(python/pypto/language/op/{tile,tensor}_ops.py), which loops over it; `pl.tile.full`
passes its shape to the IR builder's `_to_make_tuple`, which loops too. An argument
that is no sequence fails there in Python, before any type deduction:
`pl.load(x, [0, 0], 64)` is "pl operation 'load': 'ConstInt' object is not iterable"
(the parser hands the wrapper an int literal as a raw `ConstInt`, a keyword's literal
as the Python value: "'int' object is not iterable", a scalar variable as a `Scalar`).

The table says, per wrapper, in the order its Python evaluates them: the operands it
unwraps first (a raw literal there fails with another message: the rule's own
business), then the parameters it iterates. Read from the wrappers of e2d0f78 and
judged by the real compiler (tests/data/postparse_cases).
"""

from __future__ import annotations

from compiler.ir import Const, MakeTuple, TensorType, TileType
from compiler.ops.call import OpCall, OpError
from compiler.ops.wrapping import WRAPPED, py_class

# wrapper key -> (operands unwrapped before, parameters iterated, in evaluation order)
_ITERATED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "tile.load": (("tensor",), ("offsets", "shapes", "valid_shape")),
    "tile.store": ((), ("offsets", "shapes")),
    "tile.create": ((), ("shape",)),
    "tile.full": ((), ("shape",)),
    "tile.slice": (("tile",), ("valid_shape", "shape", "offset")),
    "tile.reshape": (("tile",), ("shape",)),
    "tile.assemble": (("target", "source"), ("offset",)),
    "tensor.create": ((), ("shape",)),
    "tensor.full": ((), ("shape",)),
    "tensor.slice": (("tensor",), ("valid_shape", "shape", "offset")),
    "tensor.reshape": (("tensor",), ("shape",)),
    "tensor.assemble": (("target", "source"), ("offset",)),
    "tensor.view": (("tensor",), ("shape", "valid_shape")),
}

# `pl.<op>` dispatches on its first operand to the tensor or the tile wrapper, whose
# parameters it passes on by position (the names differ only in the first).
_UNIFIED = frozenset({"unified.slice", "unified.reshape", "unified.assemble"})

# What a wrapper may receive that is no sequence (`type(x).__name__`).
_NOT_ITERABLE = frozenset({"ConstInt", "ConstFloat", "Scalar", "int", "float", "bool"})

# A DSL Tensor or Tile defines `__getitem__` (the subscript sugar, python/pypto/language/
# typing/{tensor,tile}.py), so Python iterates it by index: its `__getitem__(0)` raises
# that subscripts work only inside @pl.function. The class the message names (a
# DistributedTensor inherits the Tensor's).
_ITERATED_BY_SUBSCRIPT = {"Tensor": "Tensor", "DistributedTensor": "Tensor", "Tile": "Tile"}


def check_iterated(call: OpCall) -> None:
    """Raise the wrapper's TypeError when a list parameter it loops over got a scalar."""
    # (asked of every op call: the op's own entry first, the cheap and usual "no")
    key: str | None = call.op
    entry = _ITERATED.get(key)  # type: ignore[arg-type]
    if entry is None:
        if key not in _UNIFIED:
            return
        key = _wrapper_key(call)
        entry = _ITERATED.get(key) if key is not None else None
        if entry is None:
            return
    assert key is not None
    unwrapped, iterated = entry
    values = call.values
    for param in iterated:
        value = values.get(param) if call.has(param) else None
        if value is not None and not isinstance(value, MakeTuple):
            break
    else:
        return  # every list parameter given is a list or skipped (the usual call): nothing to raise
    level_params = _level_params(call, key)
    for param in unwrapped:
        if py_class(call, level_params.get(param, param)) not in WRAPPED:
            return  # its `.unwrap()` fails first (or its class is not known)
    for param in iterated:
        name = level_params.get(param, param)
        if not call.has(name):
            continue
        value = call.values.get(name)
        if value is None or isinstance(value, MakeTuple):
            continue  # `valid_shape=None` (skipped), or a list / tuple
        received = _received_class(call, name)
        if received in _NOT_ITERABLE:
            raise OpError(f"'{received}' object is not iterable")
        if received in _ITERATED_BY_SUBSCRIPT:
            raise OpError(  # a NotImplementedError: the parser's catch-all reports it
                f"{_ITERATED_BY_SUBSCRIPT[received]} subscript syntax is only available inside @pl.function",
                foreign=True,
            )
        if received is None:
            return  # not known: what it does with it is not ours to guess


def _received_class(call: OpCall, param: str) -> str | None:
    """The class the wrapper holds: a keyword's constant (a literal, or a module constant
    the parser read from the closure) reaches it as the Python value (`shapes=64` is an
    `int`), anything else as the parser wraps it."""
    value = call.values.get(param)
    if param in call.keywords and isinstance(value, Const) and isinstance(value.value, (bool, int, float)):
        return type(value.value).__name__
    return py_class(call, param)


def _wrapper_key(call: OpCall) -> str | None:
    if call.op not in _UNIFIED:
        return call.op
    first = call.type_of(call.param(0))
    if isinstance(first, TensorType):
        return f"tensor.{call.name}"
    if isinstance(first, TileType):
        return f"tile.{call.name}"
    return None


def _level_params(call: OpCall, key: str) -> dict[str, str]:
    """The level wrapper's parameter names -> the names this call bound (the unified
    wrapper's `input` is the level's `tensor` / `tile`)."""
    if call.op == key:
        return {}
    first = call.param(0)
    return {key.partition(".")[0]: first} if first is not None else {}
