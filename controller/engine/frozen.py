"""`Frozen` and `@frozen_record`: the immutable records events are made of, built as tuples for speed.

A round makes some seventy events. A frozen dataclass is built by a Python `__init__` that sets each field
through a descriptor call, which made event construction the largest single cost of the engine; a tuple is
built by one C call. The record keeps a dataclass's behaviour where it matters: named read-only fields, a
keyword-or-positional constructor, equality only between records of the same type, hashing, a dataclass-like
repr, copy and pickle; assigning a field raises FrozenInstanceError. It adds nothing a caller should use: the
tuple underneath (indexing, iteration, `len`) is an implementation detail, and ordering is refused.
"""

from __future__ import annotations

import inspect
from dataclasses import FrozenInstanceError
from operator import itemgetter
from typing import Any, ClassVar, NoReturn, Self, TypeVar, dataclass_transform

T = TypeVar("T")

try:  # the C field accessor collections.namedtuple uses; the same thing in Python otherwise
    from _collections import _tuplegetter  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover (other Python implementations)
    def _tuplegetter(index: int, doc: str) -> Any:  # type: ignore[no-redef,misc,unused-ignore]
        return property(itemgetter(index), doc=doc)


class Frozen(tuple[Any, ...]):
    """Base of immutable records made with `@frozen_record`."""

    __slots__ = ()
    field_names: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def make(cls, *values: Any) -> Self:
        """The record of these field values, in field order: the constructor without the cost of calling a
        class (about half of it), for the engine's hot paths. `@frozen_record` gives each record its own."""
        raise NotImplementedError(cls)

    # A definite answer for any other type (not NotImplemented): Python would then ask the other side, and a
    # plain tuple with the same values would call itself equal.
    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return type(other) is not type(self) or tuple.__ne__(self, other)

    __hash__ = tuple.__hash__

    def _unordered(self, other: object) -> NoReturn:
        raise TypeError(f"{type(self).__name__} records have no order")

    __lt__ = __le__ = __gt__ = __ge__ = _unordered

    def __bool__(self) -> bool:
        return True  # a record with no fields is still something that happened

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={value!r}" for name, value in zip(self.field_names, self, strict=True))
        return f"{type(self).__qualname__}({values})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)  # copy and pickle rebuild the record through its constructor

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


_new_tuple = tuple.__new__


@dataclass_transform(frozen_default=True)
def frozen_record(cls: type[T]) -> type[T]:
    """Turn the class's annotated fields (in order) into a Frozen record's constructor and read-only fields.
    A field given a value in the class body is optional, with that value as its default (the constructor's
    only; `make` takes every field)."""
    assert issubclass(cls, Frozen), cls
    names = tuple(inspect.get_annotations(cls))
    namespace: dict[str, Any] = {"_new_tuple": _new_tuple, "record_class": cls}
    params = []
    for index, name in enumerate(names):
        if name in cls.__dict__:
            namespace[f"_default{index}"] = cls.__dict__[name]
            params.append(f"{name}=_default{index}")
        else:
            params.append(name)
        setattr(cls, name, _tuplegetter(index, f"Field {name} of {cls.__name__}"))
    args = ", ".join(names)
    values = f"({args}{',' if names else ''})"
    source = (f"def __new__(cls, {', '.join(params)}):\n    return _new_tuple(cls, {values})\n"
              f"def make({args}):\n    return _new_tuple(record_class, {values})\n")
    exec(source, namespace)  # builds the constructors above from the class's own field names only
    for name in ("__new__", "make"):
        namespace[name].__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, staticmethod(namespace[name]))  # as a class body would make __new__
    setattr(cls, "field_names", names)  # noqa: B010
    setattr(cls, "__match_args__", names)  # noqa: B010
    return cls
