"""The de-identification service (FastAPI): ``/health``, ``/v1/detect``, ``/v1/deidentify``.

Each worker process loads the pipeline once, at start, and runs detection in one thread of its
own (detectors keep per-note state that is not shared between threads); a request that waits or
runs longer than the time limit gets 503 while the worker goes on serving. Surrogates are keyed
by the server's key, so a patient gets the same surrogates in every request and every worker.

Nothing the service writes holds note text: not its logs (errors are logged by type alone), not
its error bodies (422 names the field and the problem, never the value; 500 says nothing more),
and uvicorn's access log holds method, path and status.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from phiscrub.document import Document
from phiscrub.errors import ConfigError
from phiscrub.pipeline import Pipeline, load_pipeline
from phiscrub.provenance import phiscrub_version
from phiscrub.replace import ReplaceConfig, SecretKey
from phiscrub.serve.limits import BodyLimit
from phiscrub.serve.models import (
    DeidentifyResponse,
    DetectResponse,
    Health,
    Note,
)
from phiscrub.serve.models import (
    Request as NotesRequest,
)
from phiscrub.threads import limit_threads

SETTINGS_ENV = "PHISCRUB_SERVE_SETTINGS"
"""How ``phiscrub serve`` hands its settings to uvicorn's worker processes (no secrets: the
key and the token are read from their files by each worker)."""

log = logging.getLogger("phiscrub.serve")


@dataclass(frozen=True)
class ServeSettings:
    pipeline: str = "default"
    key_file: str | None = None
    token_file: str | None = None
    allow_random_key: bool = False
    max_bytes: int = 1_000_000
    time_limit: float = 30.0
    threads: int = 1

    def key(self) -> SecretKey:
        if self.key_file is not None:
            return SecretKey.from_file(self.key_file)
        if not self.allow_random_key:
            raise ConfigError(
                "the service needs --key-file (surrogates keyed by it stay the same across "
                "requests and restarts), or --allow-random-key"
            )
        return SecretKey.random()

    def token(self) -> str | None:
        if self.token_file is None:
            return None
        token = Path(self.token_file).read_text(encoding="utf-8").strip()
        if not token:
            raise ConfigError(f"{self.token_file}: the token file is empty")
        return token


def app_from_environment() -> FastAPI:
    """The app of one uvicorn worker, from the settings ``phiscrub serve`` put in the
    environment."""
    return create_app(ServeSettings(**json.loads(os.environ[SETTINGS_ENV])))


def create_app(settings: ServeSettings, pipeline: Pipeline | None = None) -> FastAPI:
    """The service for ``settings`` (``pipeline``: one already loaded, for tests)."""
    key = settings.key()
    token = settings.token()
    limit_threads(settings.threads)
    loaded = pipeline or load_pipeline(settings.pipeline)
    loaded.detect(Document("warm-up", "Seen by Dr. Okafor on 03/14/2091."))  # models load now
    runner = ThreadPoolExecutor(max_workers=1, thread_name_prefix="phiscrub-detect")
    app = FastAPI(
        title="phiscrub",
        version=phiscrub_version(),
        description="Find and replace protected health information in clinical notes.",
    )
    app.add_middleware(BodyLimit, max_bytes=settings.max_bytes)

    def authorised(authorization: str | None = Header(default=None)) -> None:
        if token is None:
            return
        scheme, _, given = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(given.encode(), token.encode()):
            raise HTTPException(
                401, "a valid bearer token is needed", {"WWW-Authenticate": "Bearer"}
            )

    async def run(work: Any) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(
                loop.run_in_executor(runner, work), timeout=settings.time_limit
            )
        except asyncio.TimeoutError:
            raise HTTPException(
                503, f"the request ran past the service's {settings.time_limit:g} s limit"
            ) from None

    @app.get("/health")
    def health() -> Health:
        return Health(pipeline=loaded.config.name, version=phiscrub_version(), ready=True)

    @app.post("/v1/detect", dependencies=[Depends(authorised)])
    async def detect(body: NotesRequest) -> DetectResponse:
        docs = [_document(note) for note in body.notes()]
        return await run(lambda: _detected(loaded, docs))

    @app.post("/v1/deidentify", dependencies=[Depends(authorised)])
    async def deidentify(body: NotesRequest) -> DeidentifyResponse:
        docs = [_document(note) for note in body.notes()]
        config = ReplaceConfig(default=body.replace, per_label=dict(body.operators))
        return await run(lambda: _deidentified(loaded, docs, key, config))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # field and problem only: pydantic's errors also carry the input, which is note text
        problems = [
            {"loc": [str(part) for part in error.get("loc", ())], "msg": str(error.get("msg"))}
            for error in exc.errors()
        ]
        return JSONResponse({"detail": problems}, status_code=422)

    @app.exception_handler(ConfigError)
    async def bad_settings(_request: Request, exc: ConfigError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)  # an unknown operator

    @app.exception_handler(Exception)
    async def failed(request: Request, exc: Exception) -> JSONResponse:
        log.error("%s failed: %s", request.url.path, type(exc).__name__)  # never the message
        return JSONResponse({"detail": "internal error"}, status_code=500)

    return app


def _document(note: Note) -> Document:
    metadata = {
        name: value
        for name, value in (("patient_id", note.patient_id), ("note_date", note.note_date))
        if value is not None
    }
    return Document(note.id, note.text, (), metadata)


def _detected(pipeline: Pipeline, docs: list[Document]) -> DetectResponse:
    """The pipeline's spans (two-pass over the request's notes of each patient)."""
    return DetectResponse.model_validate(
        {
            "documents": [
                {"id": doc.doc_id, "spans": [span.to_dict() for span in detection.spans]}
                for doc, detection in pipeline.detect_all(docs)
            ]
        }
    )


def _deidentified(
    pipeline: Pipeline, docs: list[Document], key: SecretKey, config: ReplaceConfig
) -> DeidentifyResponse:
    replacer = pipeline.replacer(key=key, config=config)
    results = [
        replacer.replace(doc.with_spans(detection.spans))
        for doc, detection in pipeline.detect_all(docs)
    ]
    return DeidentifyResponse.model_validate(
        {
            "documents": [
                {"id": r.document.doc_id, **{k: v for k, v in r.to_dict().items() if k != "doc_id"}}
                for r in results
            ]
        }
    )
