"""The ``phiscrub`` command line: a thin layer that parses options, calls the library, prints.

One module per command group (``corpora``, ``deid``, ``train``, ``model``); ``common`` holds
the application and what they share. Nothing here prints note text or PHI: only ids, counts,
offsets and scores.
"""

from __future__ import annotations

import sys
import warnings

from phiscrub.cli import corpora, deid, model, review, serve, spark, train  # noqa: F401
from phiscrub.cli.common import app, err
from phiscrub.errors import PhiscrubError

__all__ = ["app", "main"]


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """Warnings as one line on stderr (phiscrub's name no note text)."""
    err.print(f"warning: {message}", markup=False, highlight=False)


def main() -> None:
    """Console entry point: typer handles usage errors and exit codes; phiscrub's own errors
    become one-line messages with exit status 2."""
    warnings.showwarning = _show_warning
    try:
        app()
    except PhiscrubError as exc:
        err.print(f"error: {exc}", markup=False, highlight=False)
        sys.exit(2)
