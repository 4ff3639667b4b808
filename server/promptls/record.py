"""The base of every record type in promptls: a dataclass made without ``dataclasses``.

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``
and, for frozen classes, ``__setattr__``/``__delattr__`` as source text and compiles
them when the class is made: ~0.7 ms a class on the bench machine, and the first
document a fresh language server analyses makes twenty of them (findings, markers,
settings, rules, discovery entries, profiles). ``Record`` gives the same classes with
methods written once, here, that read the field list this module collects, so making a
class compiles nothing. It collects the fields itself too, as ``@dataclass`` does (the
annotations of the class and its bases, ``ClassVar`` left out, defaults from the class
body or :func:`field`): importing ``dataclasses`` (and ``inspect``, which it imports)
cost ~10 ms of CPU of every ``promptls`` command.

A subclass is still a dataclass to the standard library: ``dataclasses.fields``,
``replace``, ``asdict`` and ``is_dataclass`` work (the module is imported, and the
class's ``dataclasses.Field`` list made, on first use), and type checkers read the class
as a dataclass (``dataclass_transform``). :func:`field` takes ``default``,
``default_factory``, ``compare``, ``hash`` and ``repr`` as ``dataclasses.field`` does
(which is accepted too), :func:`replace` is ``dataclasses.replace`` without importing
it. A record is frozen unless declared ``class X(Record, frozen=False)``; ``eq=False``
keeps identity equality. What differs: instances keep their fields in ``__dict__`` (no
``__slots__``), and a wrong call to the constructor raises ``TypeError`` with a message
of its own.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from promptls import later

if TYPE_CHECKING:  # the stub with ``frozen_default``; at run time 3.11's own takes it
    import dataclasses

    from typing_extensions import dataclass_transform
else:  # importing typing_extensions costs ~5 ms of every start
    from typing import dataclass_transform

_T = TypeVar("_T")


class _Missing:
    """No default (``dataclasses.MISSING``'s counterpart)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class _Spec:
    """One field as :func:`field` declares it."""

    __slots__ = ("compare", "default", "default_factory", "hash", "repr")

    def __init__(
        self, default: Any, default_factory: Any, compare: bool, hash: bool | None, repr: bool
    ) -> None:
        self.default = default
        self.default_factory = default_factory
        self.compare = compare
        self.hash = hash
        self.repr = repr


def field(
    *,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    compare: bool = True,
    hash: bool | None = None,
    repr: bool = True,
) -> Any:
    """A field's default, factory and whether equality, hashing and ``repr`` use it."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Spec(default, default_factory, compare, hash, repr)


def _spec_of(value: Any) -> _Spec | None:
    """The field a class-body value declares: a :func:`field`, a ``dataclasses.Field``
    (converted), or None for a plain default."""
    if isinstance(value, _Spec):
        return value
    stdlib = sys.modules.get("dataclasses")  # a dataclasses.Field means it is imported
    if stdlib is None or not isinstance(value, stdlib.Field):
        return None

    def mine(given: Any) -> Any:
        return MISSING if given is stdlib.MISSING else given

    return _Spec(
        mine(value.default), mine(value.default_factory), value.compare, value.hash, value.repr
    )


def _is_classvar(annotation: object) -> bool:
    """Whether an annotation (a string under ``from __future__ import annotations``)
    declares a class variable, not a field."""
    if isinstance(annotation, str):
        return annotation.lstrip().startswith(("ClassVar", "typing.ClassVar"))
    return annotation is ClassVar or getattr(annotation, "__origin__", None) is ClassVar


def _collect(cls: type) -> dict[str, tuple[_Spec, object]]:
    """The fields of ``cls`` in dataclass order (the bases' first), each with its type,
    and the class body's field declarations replaced by their defaults."""
    found: dict[str, tuple[_Spec, object]] = {}
    for base in reversed(cls.__mro__[1:]):
        found.update(base.__dict__.get("_record_specs", {}))
    own = cls.__dict__.get("__annotations__", {})  # noqa: RUF063  (not inspect: see the doc)
    for name, annotation in own.items():
        if _is_classvar(annotation):
            continue
        value = cls.__dict__.get(name, MISSING)
        spec = _spec_of(value)
        if spec is None:
            spec = _Spec(value, MISSING, True, None, True)
        elif spec.default is MISSING:
            delattr(cls, name)
        else:
            setattr(cls, name, spec.default)
        if spec.default is not MISSING and type(spec.default).__hash__ is None:
            raise ValueError(
                f"mutable default {type(spec.default)} for field {name} is not allowed: "
                "use default_factory"
            )
        found[name] = (spec, annotation)
    return found


def replace(obj: _T, /, **changes: Any) -> _T:
    """A copy of the record ``obj`` with ``changes`` (``dataclasses.replace``; for any
    other dataclass, that function)."""
    if not isinstance(obj, Record):
        return later.dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    fields = obj.__dict__
    values = {name: fields[name] for name in obj._record_names}
    values.update(changes)
    return type(obj)(**values)


class _DataclassFields:
    """``__dataclass_fields__`` for the standard library's functions, made on first use
    for each class (kept in the class's own ``_record_dataclass_fields``: a subclass must
    not find its base's)."""

    def __get__(self, instance: object, owner: type[Record]) -> dict[str, Any]:
        if owner is Record:
            raise AttributeError("__dataclass_fields__")
        made: dict[str, Any] | None = owner.__dict__.get("_record_dataclass_fields")
        if made is None:
            made = _dataclass_fields(owner)
            type.__setattr__(owner, "_record_dataclass_fields", made)
        return made


def _dataclass_fields(owner: type[Record]) -> dict[str, Any]:
    """The ``dataclasses.Field`` of each of a record's fields, as ``@dataclass`` makes
    them (through a stand-in dataclass with the same declarations)."""
    dataclasses = later.dataclasses

    def declared(spec: _Spec) -> Any:
        given: dict[str, Any] = {"compare": spec.compare, "hash": spec.hash, "repr": spec.repr}
        if spec.default is not MISSING:
            given["default"] = spec.default
        if spec.default_factory is not MISSING:
            given["default_factory"] = spec.default_factory
        return dataclasses.field(**given)

    shadow = dataclasses.make_dataclass(
        owner.__name__,
        [(name, kind, declared(spec)) for name, (spec, kind) in owner._record_specs.items()],
        init=False,
        repr=False,
        eq=False,
    )
    return {f.name: f for f in dataclasses.fields(shadow)}


def _getter(names: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """The values of ``names`` in an instance's ``__dict__``, as one tuple."""
    if len(names) == 1:
        only = names[0]
        return lambda fields: (fields[only],)
    if not names:
        return lambda fields: ()
    return itemgetter(*names)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Record:
    """A dataclass made without generated code (see the module's doc)."""

    __slots__ = ()
    if TYPE_CHECKING:
        __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]
    else:
        __dataclass_fields__ = _DataclassFields()
    _record_specs: ClassVar[dict[str, tuple[_Spec, object]]]
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
        cls._record_specs = specs = _collect(cls)
        fields = [(name, spec) for name, (spec, _) in specs.items()]
        cls._record_names = tuple(specs)
        type.__setattr__(cls, "__match_args__", cls._record_names)
        cls._record_fields = frozenset(cls._record_names)
        cls._record_defaults = {n: f.default for n, f in fields if f.default is not MISSING}
        cls._record_factories = {
            n: f.default_factory for n, f in fields if f.default_factory is not MISSING
        }
        cls._record_compared = staticmethod(_getter(tuple(n for n, f in fields if f.compare)))
        hashed = tuple(n for n, f in fields if (f.compare if f.hash is None else f.hash))
        cls._record_hashed = staticmethod(_getter(hashed))
        cls._record_shown = tuple(n for n, f in fields if f.repr)
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
        raise _frozen(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        """Frozen: no field is removed either."""
        raise _frozen(f"cannot delete field {name!r}")

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


def _frozen(message: str) -> Exception:
    """``dataclasses.FrozenInstanceError``, what a frozen dataclass raises."""
    return later.dataclasses.FrozenInstanceError(message)
