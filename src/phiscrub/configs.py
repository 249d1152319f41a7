"""Configuration data (TOML, JSON) checked by pydantic models, with errors that name the file
and the field (never the values)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from phiscrub.errors import ConfigError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

Model = TypeVar("Model", bound=BaseModel)


def loads(text: str, origin: str, json_format: bool = False) -> dict[str, Any]:
    """Parse TOML (or JSON) ``text`` read from ``origin``."""
    try:
        data = json.loads(text) if json_format else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(
            f"{origin}: not valid {'JSON' if json_format else 'TOML'}: {exc}"
        ) from None
    if not isinstance(data, dict):
        raise ConfigError(f"{origin}: expected a table of settings at the top level")
    return data


def validated(model: type[Model], data: object, origin: str) -> Model:
    """``data`` checked against ``model``; every problem is listed with its field path."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'entry'}: {e['msg']}" for e in exc.errors()
        )
        raise ConfigError(f"{origin}: {problems}") from None


def read_json(path: Path, what: str) -> Any:
    """Parse the JSON file at ``path``; errors name the file and ``what`` it should hold."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read {what} ({exc.strerror})") from None
    except ValueError:
        raise ConfigError(f"{path}: not valid JSON") from None


def read_manifest_file(path: Path, format: str, version: int, what: str) -> dict[str, Any]:
    """A model's manifest (JSON) at ``path``, checked to be ``format`` at ``version``; ``what``
    names the kind of model in errors ("neural model")."""
    data = read_json(path, what)
    if not isinstance(data, dict) or data.get("format") != format:
        raise ConfigError(f"{path}: not a phiscrub {what}")
    if data.get("version") != version:
        raise ConfigError(
            f"{path}: {what} format version {data.get('version')!r}; "
            f"this phiscrub reads version {version}"
        )
    return data
