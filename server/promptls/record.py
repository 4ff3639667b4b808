"""The base of every record type in promptls: a dataclass whose methods are not generated.

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``
and, for frozen classes, ``__setattr__``/``__delattr__`` as source text and compiles
them when the class is made: ~0.7 ms a class on the bench machine, and the first
document a fresh language server analyses makes twenty of them (findings, markers,
settings, rules, discovery entries, profiles). ``Record`` gives the same classes with
methods written once, here, that read the field list ``dataclasses`` collected, so
making a class compiles nothing.

A subclass is a real dataclass: ``dataclasses.fields``, ``replace``, ``asdict`` and
``is_dataclass`` work, ``field(default_factory=…, compare=…, hash=…, repr=…)`` mean
what they mean there, and type checkers read the class as a dataclass
(``dataclass_transform``). It is frozen unless declared ``class X(Record,
frozen=False)``; ``eq=False`` keeps identity equality. What differs: instances keep
their fields in ``__dict__`` (no ``__slots__``), and a wrong call to the constructor
raises ``TypeError`` with a message of its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:  # the stub with ``frozen_default``; at run time 3.11's own takes it
    from typing_extensions import dataclass_transform
else:  # importing typing_extensions costs ~5 ms of every start
    from typing import dataclass_transform


def _getter(names: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """The values of ``names`` in an instance's ``__dict__``, as one tuple."""
    if len(names) == 1:
        only = names[0]
        return lambda fields: (fields[only],)
    if not names:
        return lambda fields: ()
    return itemgetter(*names)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
class Record:
    """A dataclass made without generated code (see the module's doc)."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]
    _record_names: ClassVar[tuple[str, ...]]
    _record_fields: ClassVar[frozenset[str]]
    _record_defaults: ClassVar[dict[str, Any]]
    _record_factories: ClassVar[dict[str, Callable[[], Any]]]
    _record_compared: ClassVar[Callable[[dict[str, Any]], tuple[Any, ...]]]
    _record_hashed: ClassVar[Callable[[dict[str, Any]], tuple[Any, ...]]]
    _record_shown: ClassVar[tuple[str, ...]]

    def __init_subclass__(cls, *, frozen: bool = True, eq: bool = True, **kwargs: Any) -> None:
        """Collect the fields as ``@dataclass`` does and keep what the methods read."""
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(cls, init=False, repr=False, eq=False)
        fields = dataclasses.fields(cls)
        missing = dataclasses.MISSING
        cls._record_names = tuple(f.name for f in fields)
        cls._record_fields = frozenset(cls._record_names)
        cls._record_defaults = {f.name: f.default for f in fields if f.default is not missing}
        cls._record_factories = {
            f.name: f.default_factory for f in fields if f.default_factory is not missing
        }
        cls._record_compared = staticmethod(_getter(tuple(f.name for f in fields if f.compare)))
        hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
        cls._record_hashed = staticmethod(_getter(hashed))
        cls._record_shown = tuple(f.name for f in fields if f.repr)
        own = cls.__dict__
        if not frozen:
            if "__setattr__" not in own:
                cls.__setattr__ = object.__setattr__  # type: ignore[method-assign,assignment]
            if "__delattr__" not in own:
                cls.__delattr__ = object.__delattr__  # type: ignore[method-assign]
        if not eq:
            if "__eq__" not in own:
                cls.__eq__ = object.__eq__  # type: ignore[method-assign]
            if "__hash__" not in own:
                cls.__hash__ = object.__hash__  # type: ignore[method-assign]
        elif not frozen and "__hash__" not in own:
            cls.__hash__ = None  # type: ignore[assignment]  # mutable with equality: unhashable

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Fields by position or by name, the defaults for the rest."""
        names = self._record_names
        if args:
            if len(args) > len(names):
                raise TypeError(
                    f"{type(self).__qualname__}() takes {len(names)} fields, {len(args)} were given"
                )
            values = dict(zip(names, args, strict=False))
            if kwargs:
                if not kwargs.keys() <= self._record_fields or kwargs.keys() & values.keys():
                    self._refuse(kwargs, values)
                values.update(kwargs)
        else:
            if not kwargs.keys() <= self._record_fields:
                self._refuse(kwargs, {})
            values = kwargs  # a fresh dict of this call's own
        if len(values) < len(names):
            for name in names:
                if name in values:
                    continue
                if name in self._record_defaults:
                    values[name] = self._record_defaults[name]
                elif name in self._record_factories:
                    values[name] = self._record_factories[name]()
                else:
                    raise TypeError(f"{type(self).__qualname__}() is missing field {name!r}")
        object.__setattr__(self, "__dict__", values)

    def _refuse(self, kwargs: dict[str, Any], given: dict[str, Any]) -> None:
        """Raise for the first field named twice or not at all a field of this record."""
        cls = type(self).__qualname__
        for name in kwargs:
            if name in given:
                raise TypeError(f"{cls}() got field {name!r} twice")
            if name not in self._record_fields:
                raise TypeError(f"{cls}() has no field {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        """Frozen: no field changes after construction."""
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        """Frozen: no field is removed either."""
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        """Equal to an instance of the same class whose compared fields are equal."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        compared = type(self)._record_compared
        return compared(self.__dict__) == compared(other.__dict__)

    def __hash__(self) -> int:
        """The hash of the hashed fields (``field(hash=False)`` leaves one out)."""
        return hash(type(self)._record_hashed(self.__dict__))

    def __repr__(self) -> str:
        """``Name(field=value, …)``, as a dataclass shows itself."""
        fields = self.__dict__
        shown = ", ".join(f"{name}={fields[name]!r}" for name in self._record_shown)
        return f"{type(self).__qualname__}({shown})"
