"""The base of the API's data types: the dataclasses of ``postage._types``, which generate.sh
writes from the components of the OpenAPI document, read from JSON and written back by their
type hints alone.

- A field's JSON name is its Python name, less the ``_`` the generator adds to a keyword or a
  builtin (``from_``, ``type_``). The tests check every field against the document.
- An optional field the JSON left out is :data:`UNSET` (falsy); a JSON ``null`` is ``None``.
- A ``date-time`` becomes an aware ``datetime``; an object of free-form keys a :class:`JSONObject`.
- A union (``oneOf``) is read as its first alternative that fits: its required fields present, its
  ``const`` fields equal. Enumerations are plain strings and are not checked, so a value the API
  adds later still reads.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import functools
import typing
from typing import Any, Dict, List, Literal, Mapping, Optional, Tuple, Type, TypeVar, Union

from dateutil.parser import isoparse

__all__ = ["Model", "JSONObject", "Unset", "UNSET", "json_name"]

M = TypeVar("M", bound="Model")
_MISSING = dataclasses.MISSING


class Unset:
    """The type of :data:`UNSET`: the value of an optional field that the API left out."""

    _instance: Optional["Unset"] = None

    def __new__(cls) -> "Unset":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "UNSET"


UNSET = Unset()


class JSONObject(Dict[str, Any]):
    """A JSON object with free-form keys (an audit entry's ``details``, a test event's
    ``payload``, ``tags``, ...): a ``dict``, with the ``to_dict()`` of the models."""

    @property
    def additional_properties(self) -> Dict[str, Any]:
        return self

    @property
    def additional_keys(self) -> List[str]:
        return list(self)

    def to_dict(self) -> Dict[str, Any]:
        return {k: _encode(v) for k, v in self.items()}


def json_name(field_name: str) -> str:
    return field_name[:-1] if field_name.endswith("_") else field_name


class Model:
    """A JSON object of the API: ``Model.from_dict(json)`` reads one, ``model.to_dict()`` gives
    its JSON form (:data:`UNSET` fields left out)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The generator gives an optional field the default None, which would send `null`: it
        # is UNSET instead, left out of to_dict(), as a field the API left out reads.
        for name in cls.__dict__.get("__annotations__", {}):
            if name in cls.__dict__ and cls.__dict__[name] is None:
                setattr(cls, name, UNSET)

    @classmethod
    def from_dict(cls: Type[M], data: Mapping[str, Any]) -> M:
        if not isinstance(data, Mapping):
            raise TypeError(f"{cls.__name__} is a JSON object, not {type(data).__name__}")
        values: Dict[str, Any] = {}
        for field, hint in _fields(cls):
            key = json_name(field.name)
            if key in data:
                values[field.name] = _decode(hint, data[key], f"{cls.__name__}.{key}")
            elif field.default is _MISSING and field.default_factory is _MISSING:
                raise KeyError(f"{cls.__name__}.{key} is required")
            else:
                values[field.name] = UNSET
        return cls(**values)

    @classmethod
    def _from_response(cls: Type[M], data: Any, response: Any) -> M:
        """Reads a 2xx answer (the client's hook: ``response`` is the ``httpx.Response``)."""
        return cls.from_dict(data)

    def to_dict(self) -> Dict[str, Any]:
        fields = [f for f in dataclasses.fields(self) if f.metadata.get("json", True)]  # type: ignore[arg-type]
        values = ((f.name, getattr(self, f.name)) for f in fields)
        return {json_name(name): _encode(value) for name, value in values if value is not UNSET}


@functools.lru_cache(maxsize=None)
def _fields(cls: type) -> Tuple[Tuple[dataclasses.Field, Any], ...]:  # type: ignore[type-arg]
    hints = typing.get_type_hints(cls)
    return tuple((f, hints[f.name]) for f in dataclasses.fields(cls) if f.metadata.get("json", True))


def _decode(hint: Any, value: Any, where: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return JSONObject(value) if isinstance(value, dict) else value
    if origin is Union:
        if value is None and type(None) in args:
            return None
        for alternative in args:
            try:
                return _decode(alternative, value, where)
            except (TypeError, ValueError, KeyError):
                continue
        raise TypeError(f"{where}: {value!r} is none of {hint}")
    if origin is Literal:
        if len(args) == 1 and (value != args[0] or type(value) is not type(args[0])):
            raise ValueError(f"{where} must be {args[0]!r}, not {value!r}")
        return _decode(type(args[0]), value, where)
    if origin is list:
        if not isinstance(value, list):
            raise TypeError(f"{where} is a list, not {type(value).__name__}")
        return [_decode(args[0], item, where) for item in value]
    if origin is dict:
        if not isinstance(value, dict):
            raise TypeError(f"{where} is an object, not {type(value).__name__}")
        return JSONObject((k, _decode(args[1], v, f"{where}.{k}")) for k, v in value.items())
    if isinstance(hint, type) and issubclass(hint, Model):
        return hint.from_dict(value)
    if hint in (_dt.datetime, _dt.date):
        if not isinstance(value, str):
            raise TypeError(f"{where} is an ISO 8601 string, not {type(value).__name__}")
        return isoparse(value) if hint is _dt.datetime else _dt.date.fromisoformat(value)
    expected = (int, float) if hint is float else hint
    if isinstance(hint, type) and (not isinstance(value, expected) or (isinstance(value, bool) and hint is not bool)):
        raise TypeError(f"{where} is a {hint.__name__}, not {type(value).__name__}")
    return value


def _encode(value: Any) -> Any:
    if isinstance(value, (Model, JSONObject)):
        return value.to_dict()
    if isinstance(value, dict):
        return {k: _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    if isinstance(value, (_dt.datetime, _dt.date)):
        return value.isoformat()
    return value
