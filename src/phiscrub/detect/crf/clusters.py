"""Word clusters: Brown clusters of general text, or k-means over word2vec vectors.

A word's cluster ids tell the CRF which words behave alike ("martínez" near other surnames)
even when the word itself was never seen in training. Two sources:

- ``brown``: the Brown clusters Liu et al. used, as spaCy ships them for English and Spanish
  in ``spacy-lookups-data`` (MIT; clusters of a large general corpus). A word's ids are the
  prefixes of its bit path at several lengths (the hierarchy's levels).
- ``embeddings``: mini-batch k-means over word2vec vectors at several granularities.

The table is made once at training time and saved in the model directory as JSON, so tagging
needs neither the lookups package, the embeddings file nor scikit-learn.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from phiscrub.errors import FormatError, PhiscrubError
from phiscrub.io.files import write_atomic
from phiscrub.text.vectors import WordVectors, embedding_key

CLUSTERS_FILE = "clusters.json"
BROWN_WORDS = 100_000
"""How many of the most frequent words of the Brown table a model keeps."""


@dataclass(frozen=True)
class ClusterTable:
    """Cluster ids per word key, one id per granularity."""

    granularities: tuple[int, ...]
    ids: dict[str, tuple[int, ...]]

    def lookup(self, word: str) -> tuple[int, ...] | None:
        return self.ids.get(embedding_key(word))

    def without(self, words: Iterable[str]) -> ClusterTable:
        """The table less the keys of ``words`` (private training's withheld words)."""
        dropped = {embedding_key(w) for w in words}
        return ClusterTable(
            self.granularities, {k: v for k, v in self.ids.items() if k not in dropped}
        )

    def save(self, directory: Path) -> Path:
        path = directory / CLUSTERS_FILE
        data = {"granularities": list(self.granularities), "ids": self.ids}
        write_atomic(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
        return path

    @classmethod
    def load(cls, directory: Path) -> ClusterTable:
        path = directory / CLUSTERS_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            granularities = tuple(int(k) for k in data["granularities"])
            ids = {word: tuple(values) for word, values in data["ids"].items()}
        except OSError as exc:
            raise FormatError(path, exc.strerror or "cannot read") from None
        except (ValueError, KeyError, TypeError):
            raise FormatError(path, "not a cluster table") from None
        return cls(granularities, ids)


def make_clusters(
    vectors: WordVectors, granularities: list[int], seed: int = 1, max_words: int = 50000
) -> ClusterTable:
    """k-means (scikit-learn's mini-batch k-means) over the first ``max_words`` vectors (the
    most frequent, in gensim's files), once per granularity; vectors are length-normalised so
    that clusters follow cosine similarity."""
    try:
        from sklearn.cluster import MiniBatchKMeans
    except ImportError:  # pragma: no cover - depends on the environment
        raise PhiscrubError(
            "word clusters need scikit-learn: pip install 'phiscrub[embeddings]'"
        ) from None
    words = vectors.words[:max_words]
    matrix = vectors.vectors[:max_words].astype(np.float64)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix = matrix / np.where(norms == 0, 1, norms)
    columns = []
    for k in granularities:
        k = min(k, len(words))
        kmeans = MiniBatchKMeans(n_clusters=k, random_state=seed, n_init=3, batch_size=2048)
        columns.append(kmeans.fit_predict(matrix))
    ids: dict[str, tuple[int, ...]] = {}
    for row, word in enumerate(words):
        ids.setdefault(embedding_key(word), tuple(int(c[row]) for c in columns))
    return ClusterTable(tuple(granularities), ids)


def brown_table_path(language: str) -> Path:
    """The installed ``spacy-lookups-data`` file of ``language``'s Brown clusters."""
    try:
        import spacy_lookups_data
    except ImportError:  # pragma: no cover - depends on the environment
        raise PhiscrubError(
            "Brown clusters need spacy-lookups-data: pip install 'phiscrub[clusters]'"
        ) from None
    path = Path(spacy_lookups_data.__file__).parent / "data" / f"{language}_lexeme_cluster.json.gz"
    if not path.exists():
        raise PhiscrubError(f"spacy-lookups-data has no Brown clusters for {language!r}")
    return path


def brown_clusters(
    language: str,
    prefixes: list[int],
    max_words: int = BROWN_WORDS,
    path: Path | None = None,
) -> ClusterTable:
    """The Brown clusters of ``language`` as a table of bit-path prefixes.

    Args:
        language: ``en`` or ``es``.
        prefixes: Path prefix lengths, one id each (Liu et al.'s levels are 4, 6, 10, 20).
        max_words: Keep the first (most frequent) words of the table, by lookup key.
        path: A gzipped JSON ``{word: cluster}`` table (spaCy's file for ``language`` when
            None); a cluster is the integer whose binary digits are the word's path.
    """
    path = path if path is not None else brown_table_path(language)
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            table = json.load(handle)
        items = [(str(word), int(cluster)) for word, cluster in table.items()]
    except OSError as exc:
        raise FormatError(path, exc.strerror or "cannot read") from None
    except (ValueError, AttributeError, TypeError):
        raise FormatError(path, "not a Brown cluster table") from None
    ids: dict[str, tuple[int, ...]] = {}
    for word, cluster in items:
        if len(ids) >= max_words:
            break
        key = embedding_key(word)
        if key not in ids:
            bits = format(cluster, "b")
            ids[key] = tuple(int(bits[:p], 2) for p in prefixes)
    return ClusterTable(tuple(prefixes), ids)
