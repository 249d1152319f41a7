"""Finding a pipeline: built-in names, config files and saved directories."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from phiscrub.configs import loads, validated
from phiscrub.errors import ConfigError
from phiscrub.pipeline.config import (
    CONFIG_FILE,
    PipelineConfig,
)
from phiscrub.pipeline.core import Pipeline
from phiscrub.provenance import check_versions


def _read_config(path: Path) -> PipelineConfig:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read pipeline config ({exc.strerror})") from None
    config = validated(PipelineConfig, loads(text, str(path), path.suffix == ".json"), str(path))
    check_versions(config.versions, str(path))
    return config


def _builtin_folder():
    return resources.files("phiscrub") / "resources" / "pipelines"


def builtin_pipelines() -> list[str]:
    """Names of the pipelines shipped in the package: configs (``rules.toml``) and trained
    pipeline directories (``default/pipeline.json``)."""
    names = []
    for entry in _builtin_folder().iterdir():
        if entry.name.endswith(".toml"):
            names.append(entry.name[: -len(".toml")])
        elif entry.is_dir() and (entry / CONFIG_FILE).is_file():
            names.append(entry.name)
    return sorted(names)


def load_pipeline(source: str | Path) -> Pipeline:
    """A built-in pipeline by name, a config file, or a saved pipeline directory."""
    if isinstance(source, str) and source in builtin_pipelines():
        entry = _builtin_folder() / source
        if entry.is_dir():  # a trained pipeline: its models are files beside its config
            return Pipeline(_read_config(Path(str(entry)) / CONFIG_FILE), Path(str(entry)))
        resource = _builtin_folder() / f"{source}.toml"
        origin = f"pipelines/{source}.toml"
        data = loads(resource.read_text(encoding="utf-8"), origin)
        return Pipeline(validated(PipelineConfig, data, origin))
    path = Path(source)
    if path.is_dir():
        return Pipeline(_read_config(path / CONFIG_FILE), path)
    if path.is_file():
        return Pipeline(_read_config(path), path.parent)
    raise ConfigError(
        f"no pipeline {str(source)!r}: not a built-in one ({', '.join(builtin_pipelines())}), "
        "a config file or a pipeline directory"
    )
