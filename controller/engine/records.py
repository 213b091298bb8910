"""`@record`: a frozen, slotted dataclass whose constructor is about twice as fast as the generated one.

A round applies some seventy events and commands; the frozen dataclass `__init__` (object.__setattr__ per
field) was the largest single cost of the engine. This one sets each slot through its descriptor, which is
what freezing still allows, and is otherwise the same dataclass: equality, hashing, repr, FrozenInstanceError.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def record(cls: type[T]) -> type[T]:
    cls = dataclass(frozen=True, slots=True)(cls)
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {}
    params, body = [], []
    for i, f in enumerate(fields(cls)):  # type: ignore[arg-type]
        namespace[f"_set{i}"] = getattr(cls, f.name).__set__
        if f.default is not MISSING:
            namespace[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        else:
            params.append(f.name)
        body.append(f"    _set{i}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) if names else "    pass") + "\n"
    exec(source, namespace)  # builds the constructor text above; nothing from outside goes into it
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses a direct method assignment)
    return cls
