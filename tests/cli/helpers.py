"""What the command-line tests share: the bundled examples, a runner, and ``main`` run as
the console entry point."""

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from phiscrub.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()


def run_main(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["phiscrub", *args])
    with pytest.raises(SystemExit) as info:
        main()
    captured = capsys.readouterr()
    return info.value.code, captured.out, captured.err
