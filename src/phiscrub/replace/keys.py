"""The secret key behind surrogates, and deterministic keyed choices derived from it.

Every surrogate value is chosen by HMAC-SHA256 of the key and a context (patient id, PHI type,
the original value normalised). The same key gives the same output on every run and machine;
without the key, the mapping can be neither reproduced nor inverted. There is no default key in
the code: a key comes from a file or the ``PHISCRUB_KEY`` environment variable, or a random
one is made for a single run (and then the run cannot be reproduced).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from phiscrub.errors import ConfigError

KEY_ENV = "PHISCRUB_KEY"
MIN_KEY_BYTES = 16
T = TypeVar("T")


@dataclass(frozen=True, slots=True, repr=False)
class SecretKey:
    """A secret of at least 16 bytes. Its repr never shows the secret."""

    secret: bytes
    origin: str
    ephemeral: bool = False  # a random one-run key: its output cannot be reproduced

    def __post_init__(self) -> None:
        if len(self.secret) < MIN_KEY_BYTES:
            raise ConfigError(
                f"surrogate key from {self.origin} is too short ({len(self.secret)} bytes; "
                f"at least {MIN_KEY_BYTES} needed)"
            )

    def __repr__(self) -> str:
        return f"SecretKey(origin={self.origin!r})"

    @classmethod
    def from_file(cls, path: str | Path) -> SecretKey:
        path = Path(path)
        try:
            secret = path.read_bytes().strip()
        except OSError as exc:
            raise ConfigError(f"cannot read key file {path}: {exc.strerror}") from None
        return cls(secret, f"file {path}")

    @classmethod
    def from_env(cls, name: str = KEY_ENV) -> SecretKey | None:
        value = os.environ.get(name)
        return cls(value.encode("utf-8"), f"${name}") if value else None

    @classmethod
    def random(cls) -> SecretKey:
        """A fresh key for one run: its surrogates cannot be reproduced later."""
        return cls(secrets.token_bytes(32), "a random key for this run", ephemeral=True)

    @classmethod
    def resolve(cls, key_file: str | Path | None = None) -> SecretKey:
        """The key from ``key_file``, else ``$PHISCRUB_KEY``, else a random one-run key."""
        if key_file is not None:
            return cls.from_file(key_file)
        return cls.from_env() or cls.random()

    @classmethod
    def coerce(cls, key: SecretKey | str | bytes | None) -> SecretKey:
        """``key`` as a SecretKey: text or bytes given in code become one; None is the
        process's key (``$PHISCRUB_KEY``, else one random key drawn for this process, so
        that the same note gets the same surrogates on every call of one session)."""
        if isinstance(key, SecretKey):
            return key
        if isinstance(key, str):
            return cls(key.encode("utf-8"), "a key given in code")
        if isinstance(key, bytes):
            return cls(key, "a key given in code")
        if key is None:
            return _process_key()
        raise ConfigError(f"a key is a SecretKey, str or bytes, not {type(key).__name__}")

    def stream(self, *context: str) -> KeyedRandom:
        return KeyedRandom(self, context)

    def pseudonym(self, *context: str) -> str:
        """A stable 16-hex-digit pseudonym for a value (``pseudonym("patient", "101")``)."""
        message = "\x1f".join(context).encode("utf-8")
        return hmac.new(self.secret, b"pseudonym\x1e" + message, hashlib.sha256).hexdigest()[:16]


@functools.cache
def _process_key() -> SecretKey:
    key = SecretKey.from_env()
    if key is not None:
        return key
    return SecretKey(secrets.token_bytes(32), "a random key for this process", ephemeral=True)


class KeyedRandom:
    """Deterministic pseudo-random draws from HMAC(key, context, counter)."""

    def __init__(self, key: SecretKey, context: Sequence[str]) -> None:
        self._key = key.secret
        self._context = "\x1f".join(context).encode("utf-8")
        self._counter = 0

    def _next(self) -> int:
        message = self._context + b"\x1e" + str(self._counter).encode()
        self._counter += 1
        digest = hmac.new(self._key, message, hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """An integer in ``[0, n)`` (bias below 2**-40 for any n used here)."""
        if n <= 0:
            raise ValueError("n must be positive")
        return self._next() % n

    def between(self, low: int, high: int) -> int:
        """An integer in ``[low, high]``."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def other_digit(self, digit: str) -> str:
        """A digit different from ``digit``."""
        value = self.below(9)
        return str(value if value < int(digit) else value + 1)

    def other_letter(self, letter: str) -> str:
        """A letter of the same case, different from ``letter`` (ASCII)."""
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        upper = letter.upper()
        pool = [c for c in alphabet if c != upper]
        chosen = self.choice(pool)
        return chosen if letter.isupper() else chosen.lower()
