"""Where the ``rules`` pipeline's time goes, pattern by pattern, and the least it can cost.

    python benchmarks/rules_patterns.py --notes 200 --core 0

On synthetic notes (seed 7321), one core, this times each pattern of the English pack as the
rule detector runs it (after the prefilter, with the ``regex`` module) and again with Python's
own ``re`` where the pattern compiles there (``re`` has no time limit, which issue 18's
budget needs, so it shows what another engine would buy, not an option); and all of them as
the detector calls them, with the budget's timeout, which the ``regex`` module checks as it
searches (what the time limit costs). Then the dictionary
detector and the whole ``rules`` pipeline on the same notes. Writes
``benchmarks/results/rules_patterns.json`` and BENCHMARKS.md: the ten costliest patterns,
the totals, and the characters per second each total allows.
"""

from __future__ import annotations

import argparse
import re
import time

from record import one_core, record

from phiscrub.detect.dictionary import DictionaryDetector
from phiscrub.detect.rules.patterns import load_patterns
from phiscrub.detect.rules.prefilter import fold
from phiscrub.pipeline import load_pipeline
from phiscrub.synth import synthesize
from phiscrub.text.frequency import zipf

SHOWN = 10
TIMEOUT = 2.0  # seconds: the rule detector's default budget, passed to every search


def _seconds(run, repeats: int = 3) -> float:
    """The least CPU time of ``repeats`` runs of ``run()``."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        run()
        best = min(best, time.process_time() - started)
    return best


def _stdlib(compiled) -> re.Pattern | None:
    try:
        return re.compile(compiled.pattern, compiled.flags & (re.IGNORECASE | re.MULTILINE))
    except (re.error, ValueError):
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=200)
    parser.add_argument("--core", type=int, default=0)
    args = parser.parse_args()
    one_core(args.core)
    texts = [n.document.text for n in synthesize(args.notes, 7321)]
    folded = [fold(t) for t in texts]
    characters = sum(map(len, texts))
    rows = []
    total = total_re = compiled_re = total_timeout = 0.0
    for pattern in load_patterns("en"):
        searched = [t for t, f in zip(texts, folded, strict=True) if pattern.may_match(f)]
        cost = _seconds(lambda p=pattern, s=searched: [list(p.compiled.finditer(t)) for t in s])
        total_timeout += _seconds(
            lambda p=pattern, s=searched: [list(p.compiled.finditer(t, timeout=TIMEOUT)) for t in s]
        )
        stdlib = _stdlib(pattern.compiled)
        cost_re = None
        if stdlib is not None:
            cost_re = _seconds(lambda c=stdlib, s=searched: [list(c.finditer(t)) for t in s])
            total_re += cost_re
            compiled_re += 1
        total += cost
        rows.append((cost, cost_re, pattern.name))
    rows.sort(key=lambda r: -r[0])
    dictionary = DictionaryDetector("en")
    docs = [n.document for n in synthesize(args.notes, 7321)]
    dictionary.detect(docs[0])  # loads the gazetteers outside the timing
    zipf("the", "en")  # and the word frequencies, which its rules load on first use
    dictionary_cost = _seconds(lambda: [dictionary.detect(d) for d in docs], repeats=1)
    pipeline = load_pipeline("rules")
    list(pipeline.detect_all(docs[:1]))
    pipeline_cost = _seconds(lambda: list(pipeline.detect_all(docs)), repeats=1)
    summary = {
        "notes": f"{args.notes} synthetic (seed 7321), {characters:,} characters",
        "patterns": len(rows),
        "all patterns, regex module (CPU s)": round(total, 3),
        "characters/s the patterns alone allow": round(characters / total),
        "all patterns with the budget's timeout, as the detector searches (CPU s)": round(
            total_timeout, 3
        ),
        f"the same {int(compiled_re)} patterns that compile in re, with re (CPU s)": round(
            total_re, 3
        ),
        "costliest pattern's share": f"{rows[0][0] / total:.0%}",
        "dictionary detector (CPU s)": round(dictionary_cost, 3),
        "rules pipeline (CPU s)": round(pipeline_cost, 3),
        "rules pipeline characters/s": round(characters / pipeline_cost),
        "CPU s that 500,000 characters/s would allow": round(characters / 500_000, 3),
    }
    table = {
        "columns": ["pattern", "regex module (CPU s)", "re (CPU s)"],
        "rows": [
            [name, f"{cost:.3f}", "" if cost_re is None else f"{cost_re:.3f}"]
            for cost, cost_re, name in rows[:SHOWN]
        ],
    }
    record("rules_patterns", summary, table=table)


if __name__ == "__main__":
    main()
