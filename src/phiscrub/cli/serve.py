"""``serve``: the de-identification service (the ``serve`` extra: FastAPI and uvicorn)."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Annotated

import typer

from phiscrub.cli.common import PipelineOption, ThreadsOption, app, err
from phiscrub.errors import ConfigError
from phiscrub.pipeline.corpus import DEFAULT_PIPELINE


@app.command("serve")
def serve_command(
    pipeline: PipelineOption = DEFAULT_PIPELINE,
    host: Annotated[
        str, typer.Option(help="Address to listen on (loopback: put a TLS proxy in front).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535)] = 8000,
    key_file: Annotated[
        Path | None, typer.Option(help="Surrogate key: the same key, the same surrogates.")
    ] = None,
    token_file: Annotated[
        Path | None,
        typer.Option(help="A file holding the bearer token every request must carry."),
    ] = None,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes.")] = 1,
    max_bytes: Annotated[
        int, typer.Option(min=1, help="Largest request body (bytes); larger ones get 413.")
    ] = 1_000_000,
    time_limit: Annotated[
        float, typer.Option(min=0.01, help="Seconds a request may take; then 503.")
    ] = 30.0,
    allow_random_key: Annotated[
        bool,
        typer.Option(help="Start without --key-file: a random key, other surrogates each start."),
    ] = False,
    threads: ThreadsOption = 1,
) -> None:
    """Serve detection and de-identification over HTTP (POST /v1/detect, /v1/deidentify)."""
    try:
        import uvicorn

        from phiscrub.serve.app import SETTINGS_ENV, ServeSettings
    except ImportError:
        raise ConfigError(
            "the service needs the serve extra: pip install 'phiscrub[serve]'"
        ) from None
    if key_file is None and not allow_random_key:
        raise ConfigError(
            "the service needs --key-file (surrogates keyed by it stay the same across requests "
            "and restarts), or --allow-random-key"
        )
    if key_file is None and workers > 1:
        raise ConfigError(
            "--allow-random-key needs --workers 1 (each worker would draw its own key)"
        )
    settings = ServeSettings(
        pipeline=str(pipeline),
        key_file=str(key_file) if key_file else None,
        token_file=str(token_file) if token_file else None,
        allow_random_key=allow_random_key,
        max_bytes=max_bytes,
        time_limit=time_limit,
        threads=threads,
    )
    settings.key()  # a missing or bad key file fails here, once, not in every worker
    settings.token()
    if host not in ("127.0.0.1", "localhost", "::1"):
        err.print(
            f"warning: listening on {host}: requests travel in clear unless a TLS proxy is in front"
        )
    os.environ[SETTINGS_ENV] = json.dumps(dataclasses.asdict(settings))
    uvicorn.run(
        "phiscrub.serve.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
    )
