"""How common a word is in general text of a language, from ``wordfreq`` (MIT; its data CC
BY-SA 4.0), on the Zipf scale: log10 of the word's frequency per billion words, about 7 for
"the", 4-5 for common first names and surnames, 0 for a word wordfreq has not seen.
"""

from __future__ import annotations

import math
from functools import lru_cache


@lru_cache(maxsize=4)
def _frequencies(language: str) -> dict[str, float]:
    import wordfreq

    return wordfreq.get_frequency_dict(language, "best")


def load_frequencies(language: str) -> None:
    """Read ``language``'s frequency table now (once per process; about 0.6 s for English),
    with the other resources of a detector, rather than inside the first note that needs it."""
    _frequencies(language)


def zipf(word: str, language: str) -> int:
    """The rounded Zipf frequency of ``word`` (case-folded) in ``language``; 0 when unseen."""
    frequency = _frequencies(language).get(word.casefold(), 0.0)
    return max(0, round(math.log10(frequency) + 9)) if frequency > 0 else 0
