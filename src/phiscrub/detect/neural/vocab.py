"""The vocabularies of a neural tagger: tokens, characters, prefixes, feature strings, tags.

Index 0 is padding everywhere; index 1 is ``<unk>`` for tokens, characters and prefixes. Token
lookup falls back as NeuroNER does: the exact form, then lowercased, then lowercased with
digits as 0 (the key of our embedding files).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from phiscrub.configs import read_json
from phiscrub.errors import ConfigError
from phiscrub.privacy import TokenCensus
from phiscrub.text.vectors import embedding_key

PAD, UNK = 0, 1
VOCAB_FILE = "vocab.json"


def _index(items: Sequence[str]) -> dict[str, int]:
    return {item: i for i, item in enumerate(items)}


@dataclass
class Vocabulary:
    """Lists of symbols; a symbol's index is its position."""

    tokens: list[str]
    chars: list[str]
    prefixes: list[str]
    features: dict[str, list[str]]
    tags: list[str]
    _maps: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)

    def _map(self, name: str, items: Sequence[str]) -> dict[str, int]:
        if name not in self._maps:
            self._maps[name] = _index(items)
        return self._maps[name]

    def token_id(self, word: str) -> int:
        table = self._map("tokens", self.tokens)
        for key in (word, word.lower(), embedding_key(word)):
            found = table.get(key)
            if found is not None:
                return found
        return UNK

    def char_ids(self, word: str, limit: int) -> list[int]:
        table = self._map("chars", self.chars)
        return [table.get(c, UNK) for c in word[:limit]]

    def prefix_id(self, word: str, length: int) -> int:
        return self._map("prefixes", self.prefixes).get(word[:length].lower(), UNK)

    def feature_ids(self, family: str, strings: Iterable[str]) -> list[int]:
        table = self.feature_table(family)
        return [table[s] for s in strings if s in table]

    def feature_table(self, family: str) -> dict[str, int]:
        """A family's feature strings and their ids (unknown strings are left out)."""
        return self._map("f:" + family, self.features.get(family, []))

    def labels(self) -> list[str]:
        """The labels the tags name (``B-DATE`` -> ``DATE``)."""
        return sorted({tag[2:] for tag in self.tags if tag != "O"})

    def tag_ids(self, tags: Iterable[str]) -> list[int]:
        table = self._map("tags", self.tags)
        return [table[t] for t in tags]

    @classmethod
    def build(
        cls,
        words: Iterable[str],
        tags: Sequence[str],
        features: dict[str, Counter[str]] | None = None,
        pretrained: Iterable[str] = (),
        min_count: int = 1,
        prefix_length: int = 3,
        prefix_min_count: int = 20,
        private: TokenCensus | None = None,
    ) -> Vocabulary:
        """Vocabularies from the training words (and the pretrained embeddings' words).

        With ``private`` (private training), only its public words enter the token list and
        count towards prefixes, and no pretrained word or prefix that is a withheld word does:
        every other word of the training notes is read as ``<unk>``.
        """
        counts: Counter[str] = Counter()
        chars: Counter[str] = Counter()
        prefixes: Counter[str] = Counter()
        for word in words:
            chars.update(word)
            if private is not None and not private.is_public(word):
                continue
            counts[word] += 1
            prefixes[word[:prefix_length].lower()] += 1
        tokens = ["<pad>", "<unk>", *sorted(w for w, n in counts.items() if n >= min_count)]
        seen = set(tokens)
        withheld: frozenset[str] = frozenset()
        if private is not None:
            withheld = private.withheld | {embedding_key(w) for w in private.withheld}
            pretrained = (w for w in pretrained if w.casefold() not in withheld)
        tokens += [w for w in pretrained if w not in seen and not seen.add(w)]
        return cls(
            tokens=tokens,
            chars=["<pad>", "<unk>", *sorted(chars)],
            prefixes=[
                "<pad>",
                "<unk>",
                # a public word's prefix can spell a withheld word: it is read as <unk>
                *sorted(
                    p
                    for p, n in prefixes.items()
                    if n >= prefix_min_count and p.casefold() not in withheld
                ),
            ],
            features={
                family: ["<pad>", *sorted(strings)]
                for family, strings in sorted((features or {}).items())
            },
            tags=list(tags),
        )

    def as_json(self) -> dict:
        return {
            "tokens": self.tokens,
            "chars": self.chars,
            "prefixes": self.prefixes,
            "features": self.features,
            "tags": self.tags,
        }

    @classmethod
    def from_json(cls, data: object, origin: str) -> Vocabulary:
        keys = ("tokens", "chars", "prefixes", "features", "tags")
        if not isinstance(data, dict) or any(k not in data for k in keys):
            raise ConfigError(f"{origin}: vocabularies missing; expected {', '.join(keys)}")
        lists = [data[k] for k in ("tokens", "chars", "prefixes", "tags")]
        if not all(isinstance(v, list) and all(isinstance(s, str) for s in v) for v in lists):
            raise ConfigError(f"{origin}: vocabularies must be lists of strings")
        if not isinstance(data["features"], dict):
            raise ConfigError(f"{origin}: 'features' must map families to lists of strings")
        return cls(*lists[:3], {k: list(v) for k, v in data["features"].items()}, lists[3])


def read_vocabulary(path: Path) -> Vocabulary:
    return Vocabulary.from_json(read_json(path, "vocabularies"), str(path))
