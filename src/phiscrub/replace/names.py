"""Name surrogates that keep the name's form.

"LAST, FIRST", "First Last", initials ("J. Smith", "JS"), capitals and hyphens are kept; title
words (Dr., Mr., MD) stay as they are when the mention holds a name beside them ("MS" alone is
someone's initials, and is replaced). Each name part maps to a surrogate part chosen by keyed
hash of (patient, part), so the same real part gets the same surrogate in every note of that
patient, whatever the name's form. Every surrogate is a function of the key, the patient and the
value alone, never of what was replaced before: an initial maps to a keyed letter of the patient
(``letter``), and a part's surrogate is drawn among the names that start with the keyed letter
of the part's own initial, so "T. Halvorsen" and "Tilde Halvorsen" become "B. Duncan" and
"Brenda Duncan" in any order, in any run.
"""

from __future__ import annotations

import re
import unicodedata

from phiscrub.replace.avoid import holds_any
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
_TITLE_GAP = re.compile(r"\.?,?\s*|,?\s+|")
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


def _by_initial(names: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    grouped: dict[str, list[str]] = {}
    for name in names:
        grouped.setdefault(_fold(name)[:1], []).append(name)
    return {letter: tuple(group) for letter, group in grouped.items()}


class NameSurrogates:
    """Maps name mentions to surrogates, consistently within a patient."""

    def __init__(self, key: SecretKey, pack: LanguagePack) -> None:
        self.key = key
        self.pack = pack
        self._first = {_fold(n) for n in pack.first_names}
        self._last = {_fold(n) for n in pack.last_names}
        self._first_by = _by_initial(pack.first_names)
        self._last_by = _by_initial(pack.last_names)
        # letters that start at least two first names and two surnames of the pack
        self._letters = tuple(
            sorted(
                c
                for c in set(self._first_by) & set(self._last_by)
                if c.isascii()
                and c.isalpha()
                and min(len(self._first_by[c]), len(self._last_by[c])) >= 2
            )
        )

    def letter(self, patient: str, original: str) -> str:
        """The patient's keyed surrogate letter for an original initial (lower case, never
        the original's own letter)."""
        folded = _fold(original)[:1]
        pool = [c for c in self._letters if c != folded] or list(self._letters)
        return self.key.stream("initial", patient, folded).choice(pool)

    def part(self, patient: str, word: str, avoid: frozenset[str] = frozenset()) -> str:
        """The surrogate of one name part (a word of two letters or more).

        A part known only as a first name gets a first name; any other part a surname. The
        choice depends on the word alone, never on where it stands, so "Tilde" maps to the same
        surrogate in "Tilde Halvorsen", "Halvorsen, Tilde" and "Tilde". A choice that holds
        a string of ``avoid`` (lower-cased PHI strings of the note) is drawn again.
        """
        folded = _fold(word)
        is_first = folded in self._first and folded not in self._last
        by_letter = self._first_by if is_first else self._last_by
        everyone = self.pack.first_names if is_first else self.pack.last_names
        rng = self.key.stream("name", patient, folded)

        def fits(value: str) -> bool:  # no partial copies (Marc/Marcelino), no other PHI
            low = value.lower()
            return not (folded in _fold(value) or _fold(value) in folded) and not holds_any(
                low, avoid, skip=word.lower()
            )

        # the keyed first choice stays unless it does not fit the note (then keyed redraws),
        # so that a part keeps one surrogate across a patient's notes
        for pool in (by_letter.get(self.letter(patient, word), ()), everyone):
            for _ in range(50 if pool else 0):
                value = rng.choice(pool)
                if fits(value):
                    return _styled(word, value)
        return _styled(word, rng.choice(everyone))

    def initial(self, patient: str, letter: str) -> str:
        new = self.letter(patient, letter)
        return new.upper() if letter.isupper() else new

    def _is_initials(self, word: str) -> bool:
        """One letter, or two or three capitals ("JS", "MS"), or two small letters ("ey"),
        that are not a known name."""
        if len(word) == 1:
            return True
        known = _fold(word) in self._first or _fold(word) in self._last
        return not known and (
            (word.isupper() and len(word) <= 3) or (word.islower() and len(word) == 2)
        )

    def replace(self, patient: str, text: str, avoid: frozenset[str] = frozenset()) -> str:
        """The surrogate of a whole name mention (``avoid`` as in :meth:`part`).

        Title words stay only beside a name; a mention made of title-like words alone ("MS",
        "jr", "Dr. MS") is someone's initials or name, and only a leading title written with
        a full stop ("Dr.") stays."""
        found = list(_WORD.finditer(text))
        last = len(found) - 1
        titles = [
            _fold(m.group()) in TITLES
            # a title opens or closes a mention, set off by a space, a full stop or a comma
            # ("Dr. Lee", "Lee, MD"); "MS/ey" is two sets of initials
            and (
                (i == 0 and _TITLE_GAP.fullmatch(text[m.end() : found[1].start()] if last else ""))
                or (
                    i == last
                    and _TITLE_GAP.fullmatch(text[found[i - 1].end() : m.start()] if last else "")
                )
            )
            for i, m in enumerate(found)
        ]
        if all(titles):
            titles = [
                i == 0 and len(found) > 1 and text[m.end() : m.end() + 1] == "."
                for i, m in enumerate(found)
            ]
        words = [m for m, title in zip(found, titles, strict=True) if not title]
        new_words = [
            "".join(self.initial(patient, ch) for ch in m.group())
            if self._is_initials(m.group())
            else self.part(patient, m.group(), avoid)
            for m in words
        ]
        result = text
        for match, new in reversed(list(zip(words, new_words, strict=True))):
            result = result[: match.start()] + new + result[match.end() :]
        return result
