"""Human-readable evaluation reports as rich tables (the JSON form is Evaluation.as_dict)."""

from __future__ import annotations

from rich.table import Table

from phiscrub.evaluate.criteria import CRITERIA
from phiscrub.evaluate.metrics import Counts
from phiscrub.evaluate.scorer import TABLE_CRITERIA, Evaluation
from phiscrub.evaluate.significance import SignificanceResult


def _row(name: str, counts: Counts) -> list[str]:
    return [
        name,
        f"{counts.precision:.4f}",
        f"{counts.recall:.4f}",
        f"{counts.f1:.4f}",
        str(counts.tp),
        str(counts.fp),
        str(counts.fn),
    ]


def _table(title: str, first: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(first)
    for column in ("P", "R", "F1", "TP", "FP", "FN"):
        table.add_column(column, justify="right")
    return table


def criteria_table(evaluation: Evaluation) -> Table:
    table = _table(
        f"{evaluation.documents} documents ({evaluation.missing_in_system} without system output)",
        "criterion",
    )
    for name in CRITERIA:
        table.add_row(*_row(name, evaluation.criteria[name]))
    return table


def leak_line(evaluation: Evaluation) -> str:
    leak = evaluation.leak
    return (
        f"leak: {leak.rate:.4%} of gold PHI characters uncovered "
        f"({leak.leaked_chars} of {leak.gold_chars})"
    )


def breakdown_table(title: str, rows: dict[str, dict[str, Counts]], criterion: str) -> Table:
    table = _table(f"{title} ({criterion})", title.split()[-1])
    for name, by_criterion in rows.items():
        table.add_row(*_row(name, by_criterion[criterion]))
    return table


def breakdown_tables(evaluation: Evaluation, criterion: str = "strict") -> list[Table]:
    if criterion not in TABLE_CRITERIA:
        raise ValueError(f"breakdowns are computed for {TABLE_CRITERIA}")
    return [
        breakdown_table("per label", evaluation.per_label, criterion),
        breakdown_table("per category", evaluation.per_category, criterion),
    ]


def significance_line(result: SignificanceResult) -> str:
    return (
        f"approximate randomization ({result.criterion} F1, {result.shuffles} shuffles, "
        f"seed {result.seed}): A {result.f1_a:.4f} vs B {result.f1_b:.4f}, "
        f"difference {result.difference:+.4f}, p = {result.p_value:.4f}"
    )


def systems_table(evaluations: dict[str, Evaluation]) -> Table:
    """Several systems on the same gold: strict and binary token P/R/F1 and the leak rate."""
    table = Table(title="systems", title_justify="left")
    table.add_column("system", no_wrap=True)
    for criterion in ("strict", "binary token"):
        for column in ("P", "R", "F1"):
            table.add_column(f"{criterion} {column}", justify="right")
    table.add_column("leak", justify="right")
    for name, evaluation in evaluations.items():
        cells = [name]
        for criterion in ("strict", "binary_token"):
            counts = evaluation.criteria[criterion]
            cells += [f"{counts.precision:.4f}", f"{counts.recall:.4f}", f"{counts.f1:.4f}"]
        table.add_row(*cells, f"{evaluation.leak.rate:.2%}")
    return table
