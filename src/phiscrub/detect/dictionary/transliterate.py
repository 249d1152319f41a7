"""Names in Indian scripts and in Hangul, in the Latin letters English notes spell them with.

faker lists thousands of Indian, Nepali, Bangladeshi and Korean names in their own letters
(hi_IN, mr_IN, ne_NP, gu_IN, bn_BD, or_IN, ta_IN, ko_KR), which an English note never holds as
such: "सुनीता" is "Sunita" there, "प्रियंका" "Priyanka", "அகிலன்" "Akilan", "은지" "Eunji".

The nine Brahmic blocks of Unicode (Devanagari to Malayalam) share one layout, so one table of
offsets reads them all. A consonant carries a vowel "a" unless a sign, a virama or the end of the
word takes it away. In the northern scripts (Devanagari, Bengali, Gurmukhi, Gujarati, Oriya) that
vowel is also left unsaid where Hindi leaves it, as English spellings do ("अकबर": "akbar", not
"akabar"): at the end of the word after a single consonant, and between a syllable ending in a
vowel and a consonant with a vowel (Ohala's rule). The southern scripts write every vowel-less
consonant with a virama, so none is dropped there. Hangul syllables are read by the Revised
Romanization of Korean and written as one word ("민준": "minjun").

Spellings differ from family to family ("Venkat", "Venkata"); one form per name is given.
"""

from __future__ import annotations

_BRAHMIC_BLOCKS = {
    0x0900: "north",  # Devanagari
    0x0980: "north",  # Bengali
    0x0A00: "north",  # Gurmukhi
    0x0A80: "north",  # Gujarati
    0x0B00: "north",  # Oriya
    0x0B80: "south",  # Tamil
    0x0C00: "south",  # Telugu
    0x0C80: "south",  # Kannada
    0x0D00: "south",  # Malayalam
}

_CONSONANTS = {
    0x15: "k", 0x16: "kh", 0x17: "g", 0x18: "gh", 0x19: "n", 0x1A: "ch", 0x1B: "chh",
    0x1C: "j", 0x1D: "jh", 0x1E: "n", 0x1F: "t", 0x20: "th", 0x21: "d", 0x22: "dh",
    0x23: "n", 0x24: "t", 0x25: "th", 0x26: "d", 0x27: "dh", 0x28: "n", 0x29: "n",
    0x2A: "p", 0x2B: "ph", 0x2C: "b", 0x2D: "bh", 0x2E: "m", 0x2F: "y", 0x30: "r",
    0x31: "r", 0x32: "l", 0x33: "l", 0x34: "zh", 0x35: "v", 0x36: "sh", 0x37: "sh",
    0x38: "s", 0x39: "h",
    # letters with a nukta, precomposed (Devanagari, Bengali, Oriya)
    0x58: "q", 0x59: "kh", 0x5A: "g", 0x5B: "z", 0x5C: "r", 0x5D: "rh", 0x5E: "f", 0x5F: "y",
}  # fmt: skip
_NUKTA = {"j": "z", "ph": "f", "k": "q", "d": "r", "dh": "rh"}
"""A consonant and a following nukta (U+093C and its twins): "ज़" is "z"."""

_VOWELS = {
    0x05: "a", 0x06: "a", 0x07: "i", 0x08: "i", 0x09: "u", 0x0A: "u", 0x0B: "ri",
    0x0D: "e", 0x0E: "e", 0x0F: "e", 0x10: "ai", 0x11: "o", 0x12: "o", 0x13: "o", 0x14: "au",
}  # fmt: skip
_VOWEL_SIGNS = {
    0x3E: "a", 0x3F: "i", 0x40: "i", 0x41: "u", 0x42: "u", 0x43: "ri", 0x45: "e", 0x46: "e",
    0x47: "e", 0x48: "ai", 0x49: "o", 0x4A: "o", 0x4B: "o", 0x4C: "au", 0x57: "au",
}  # fmt: skip
_VIRAMA, _NUKTA_SIGN = 0x4D, 0x3C
_NASALS = (0x01, 0x02)  # candrabindu, anusvara: "n"
_VISARGA = 0x03
_KHANDA_TA = 0x4E  # Bengali's vowel-less "t" (U+09CE)
_JOINERS = "\u200c\u200d"


class _Syllable:
    """Consonants (a cluster), a vowel, then a nasal or visarga. ``inherent``: the last
    consonant still has its vowel "a" (no sign or virama followed it); ``virama``: it was
    written without a vowel, so a consonant after it joins the cluster."""

    __slots__ = ("coda", "consonants", "inherent", "virama", "vowel")

    def __init__(self, consonants: list[str], vowel: str = "", inherent: bool = False) -> None:
        self.consonants, self.vowel, self.inherent = consonants, vowel, inherent
        self.coda, self.virama = "", False

    def text(self) -> str:
        return "".join(self.consonants) + self.vowel + self.coda


def brahmic_form(name: str) -> str | None:
    """``name`` in one of the nine Brahmic scripts, in plain Latin letters, else None."""
    syllables: list[_Syllable] = []
    region = None
    for char in name:
        if char in _JOINERS:
            continue
        code = ord(char)
        block = code & ~0x7F
        if block not in _BRAHMIC_BLOCKS or (region and _BRAHMIC_BLOCKS[block] != region):
            return None
        region = _BRAHMIC_BLOCKS[block]
        offset = code - block
        last = syllables[-1] if syllables else None
        if offset in _CONSONANTS or offset == _KHANDA_TA:
            letter = _CONSONANTS.get(offset, "t")
            if last is not None and last.virama:  # one more consonant of the cluster
                last.consonants.append(letter)
                last.virama = False
            else:
                last = _Syllable([letter])
                syllables.append(last)
            last.inherent = offset != _KHANDA_TA
        elif offset == _NUKTA_SIGN and last is not None and last.inherent:
            last.consonants[-1] = _NUKTA.get(last.consonants[-1], last.consonants[-1])
        elif offset in _VOWEL_SIGNS and last is not None and last.inherent:
            last.vowel, last.inherent = _VOWEL_SIGNS[offset], False
        elif offset == _VIRAMA and last is not None and last.inherent:
            last.inherent, last.virama = False, True
        elif offset in _VOWELS:
            syllables.append(_Syllable([], _VOWELS[offset]))
        elif (offset in _NASALS or offset == _VISARGA) and last is not None and not last.virama:
            if last.inherent:
                last.vowel, last.inherent = "a", False
            last.coda += "n" if offset in _NASALS else "h"
        else:
            return None
    if not syllables:
        return None
    _settle(syllables, region == "north")
    plain = "".join(s.text() for s in syllables)
    return plain if plain.isascii() and plain.isalpha() else None


def _settle(syllables: list[_Syllable], drop_schwa: bool) -> None:
    """Give each consonant left with its inherent vowel an "a", or none where the northern
    scripts leave it unsaid (see the module's text); right to left, as Ohala's rule runs."""
    last = len(syllables) - 1
    for i in range(last, -1, -1):
        syllable = syllables[i]
        if not syllable.inherent:
            continue
        syllable.inherent = False
        if drop_schwa and i > 0 and len(syllables[i].consonants) == 1:
            before = syllables[i - 1]
            if i == last:
                continue  # the last consonant is said without its vowel
            after = syllables[i + 1]
            if (
                (before.vowel or before.inherent)
                and not before.coda
                and len(after.consonants) == 1
                and after.vowel
            ):
                continue
        syllable.vowel = "a"


_INITIALS = (
    "g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t",
    "p", "h",
)  # fmt: skip
_MEDIALS = (
    "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo",
    "we", "wi", "yu", "eu", "ui", "i",
)  # fmt: skip
_FINALS = (
    "", "k", "k", "k", "n", "n", "n", "t", "l", "l", "l", "l", "l", "l", "l", "l", "m", "p",
    "p", "t", "t", "ng", "t", "t", "k", "t", "p", "t",
)  # fmt: skip
_HANGUL_FIRST, _HANGUL_COUNT = 0xAC00, 11172


def hangul_form(name: str) -> str | None:
    """``name`` in Hangul syllables, romanised (Revised Romanization) as one word, else None."""
    parts = []
    for char in name:
        index = ord(char) - _HANGUL_FIRST
        if not 0 <= index < _HANGUL_COUNT:
            return None
        parts.append(_INITIALS[index // 588] + _MEDIALS[index % 588 // 28] + _FINALS[index % 28])
    return "".join(parts) or None
