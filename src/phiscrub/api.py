"""One note at a time from Python: ``phiscrub.deidentify`` (pipelines loaded once and kept)."""

from __future__ import annotations

import functools
from pathlib import Path

from phiscrub.document import Document
from phiscrub.errors import ConfigError
from phiscrub.pipeline import Pipeline, load_pipeline
from phiscrub.pipeline.corpus import DEFAULT_PIPELINE, GOLD
from phiscrub.replace import ReplaceConfig, Replacement, Replacer, SecretKey


@functools.lru_cache(maxsize=4)
def _cached_pipeline(source: str | Path) -> Pipeline:
    return load_pipeline(source)


def deidentify(
    document: Document | str,
    pipeline: str | Path | Pipeline = DEFAULT_PIPELINE,
    replace: str = "surrogate",
    key: SecretKey | str | bytes | None = None,
    config: ReplaceConfig | None = None,
) -> Replacement:
    """De-identify one note (two-pass dictionary within the note alone).

    A pipeline named by a string or path is loaded once and kept for later calls (the four
    most recently used), so calling this in a loop costs detection, not loading.

    Args:
        document: The note, as text or a Document. With ``gold`` its spans are the PHI.
        pipeline: A built-in pipeline name, a pipeline directory or config file, a loaded
            :class:`Pipeline`, or ``gold``.
        replace: The operator for every label (``redact``, ``tag``, ``surrogate``), unless
            ``config`` is given.
        key: The surrogate key (a SecretKey, or a secret as text or bytes); None: the
            process's key (``$PHISCRUB_KEY``, else one random key per process), so that the
            same note gets the same surrogates on every call of a session.
        config: Full replacement settings (per-label operators, masks, surrogate settings).
    """
    if pipeline == GOLD:
        if not isinstance(document, Document):
            raise ConfigError("the gold pipeline needs an annotated Document, not plain text")
        config = config or ReplaceConfig(default=replace)  # type: ignore[arg-type]
        return Replacer(config, SecretKey.coerce(key)).replace(document)
    loaded = pipeline if isinstance(pipeline, Pipeline) else _cached_pipeline(pipeline)
    return loaded.deidentify(document, replace, key, config)
