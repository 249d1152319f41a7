"""What a corpus run keeps beside its output: the settings it ran with (so that ``--resume``
refuses a different key or different settings), private files, and document-id pseudonyms.

``_phiscrub/run.json`` holds the settings and a fingerprint of the key: an HMAC of a fixed
string under the key, which tells two keys apart without revealing either.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from phiscrub.errors import ConfigError
from phiscrub.io.files import write_atomic
from phiscrub.replace import SecretKey

RUN_FILE = "run.json"


def key_fingerprint(key: SecretKey) -> str:
    """A value that is the same for the same key and tells nothing of it."""
    return key.pseudonym("phiscrub run key fingerprint")


def check_resume(run_dir: Path, settings: Mapping[str, Any]) -> None:
    """Refuse to resume a run whose stored settings (key fingerprint included) differ."""
    path = run_dir / RUN_FILE
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise ConfigError(
            f"{path} is missing: the interrupted run's settings are unknown, so it cannot be "
            "resumed safely; start a new run in an empty directory"
        ) from None
    except json.JSONDecodeError:
        raise ConfigError(f"{path}: not valid JSON; start a new run") from None
    differing = sorted(
        name for name in {*stored, *settings} if stored.get(name) != settings.get(name)
    )
    if differing:
        raise ConfigError(
            "--resume needs the settings of the interrupted run; these differ: "
            + ", ".join("the key" if n == "key_fingerprint" else n for n in differing)
        )


def write_run(run_dir: Path, settings: Mapping[str, Any]) -> None:
    write_atomic(run_dir / RUN_FILE, json.dumps(dict(settings), indent=2, sort_keys=True) + "\n")


@contextmanager
def open_private(path: Path) -> Iterator[IO[str]]:
    """Open ``path`` for writing text, readable by its owner only (as the notes are)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.chmod(path, 0o600)  # an existing file keeps its mode through O_TRUNC
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        yield handle


def document_pseudonym(key: SecretKey, doc_id: str) -> str:
    """The keyed pseudonym a document id is written under (``--pseudonymize-ids``)."""
    return "doc-" + key.pseudonym("document", doc_id)


def write_id_map(path: Path, pairs: Mapping[str, str]) -> None:
    """The CSV of original document ids and their pseudonyms, owner-readable only."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["doc_id", "pseudonym"])
    writer.writerows(sorted(pairs.items()))
    write_atomic(path, buffer.getvalue())
