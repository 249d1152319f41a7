"""Name surrogates that keep the name's form.

"LAST, FIRST", "First Last", initials ("J. Smith", "JS"), capitals and hyphens are kept; title
words (Dr., Mr., MD) stay as they are. Each name part maps to a surrogate part chosen by keyed
hash of (patient, part), so the same real part gets the same surrogate in every note of that
patient, whatever the name's form; an initial maps to the initial of the surrogate of the first
part with that letter the patient's notes have shown, and to a keyed letter before that.
"""

from __future__ import annotations

import re
import unicodedata

from phiscrub.replace.keys import SecretKey
from phiscrub.replace.packs import LanguagePack

TITLES = frozenset(
    {
        "dr",
        "dra",
        "drs",
        "mr",
        "mrs",
        "ms",
        "miss",
        "mx",
        "prof",
        "sr",
        "sra",
        "srta",
        "d",
        "dña",
        "don",
        "doña",
        "md",
        "do",
        "rn",
        "np",
        "pa",
        "phd",
        "dds",
        "jr",
        "sir",
        "madam",
    }
)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def _fold(word: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn"
    )


def _styled(template: str, value: str) -> str:
    if template.isupper() and len(template) > 1:
        return value.upper()
    if template.islower():
        return value.lower()
    return value


class NameSurrogates:
    """Maps name mentions to surrogates, consistently within a patient."""

    def __init__(self, key: SecretKey, pack: LanguagePack) -> None:
        self.key = key
        self.pack = pack
        self._first = {_fold(n) for n in pack.first_names}
        self._last = {_fold(n) for n in pack.last_names}
        # patient -> initial letter of a real part -> surrogate part, learned from full parts
        self._initials: dict[str, dict[str, str]] = {}

    def part(self, patient: str, word: str, avoid: frozenset[str] = frozenset()) -> str:
        """The surrogate of one name part (a word of two letters or more).

        A part known only as a first name gets a first name; any other part a surname. The
        choice depends on the word alone, never on where it stands, so "Tilde" maps to the same
        surrogate in "Tilde Halvorsen", "Halvorsen, Tilde" and "Tilde". A choice that holds
        a string of ``avoid`` (lower-cased PHI strings of the note) is drawn again.
        """
        folded = _fold(word)
        is_first = folded in self._first and folded not in self._last
        pool = self.pack.first_names if is_first else self.pack.last_names
        rng = self.key.stream("name", patient, folded)
        value = rng.choice(pool)
        for _ in range(50):  # no partial copies (Marc/Marcelino), no other PHI of the note
            low = value.lower()
            if not (folded in _fold(value) or _fold(value) in folded) and not any(
                other in low for other in avoid if other != word.lower()
            ):
                break
            value = rng.choice(pool)
        self._initials.setdefault(patient, {}).setdefault(folded[0], value)
        return _styled(word, value)

    def initial(self, patient: str, letter: str) -> str:
        known = self._initials.get(patient, {}).get(_fold(letter))
        if known:
            return known[0].upper() if letter.isupper() else known[0].lower()
        rng = self.key.stream("initial", patient, _fold(letter))
        return rng.other_letter(letter if letter.isascii() else "A")

    def replace(self, patient: str, text: str, avoid: frozenset[str] = frozenset()) -> str:
        """The surrogate of a whole name mention (``avoid`` as in :meth:`part`)."""
        words = [m for m in _WORD.finditer(text) if _fold(m.group()) not in TITLES]
        new_words = [
            "".join(self.initial(patient, ch) for ch in m.group())
            if len(m.group()) == 1 or (m.group().isupper() and len(m.group()) == 2)
            else self.part(patient, m.group(), avoid)
            for m in words
        ]
        result = text
        for match, new in reversed(list(zip(words, new_words, strict=True))):
            result = result[: match.start()] + new + result[match.end() :]
        return result
