"""The service: answers, keyed surrogates, limits, and no note text anywhere it writes."""

import logging
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from phiscrub.detect.rules import RuleDetector
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.pipeline import Pipeline, PipelineConfig, load_pipeline
from phiscrub.serve.app import ServeSettings, create_app

NOTE = "Seen by Dr. Okafor on 03/14/2091."


@pytest.fixture(scope="module")
def key_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("key") / "key"
    path.write_text("serve-test-key-0123456789abcdef")
    return path


@pytest.fixture(scope="module")
def client(key_file):
    return TestClient(create_app(ServeSettings(pipeline="rules", key_file=str(key_file))))


class Moody:
    """The rules, except that it sleeps on notes holding SLOW and crashes on CRASH."""

    name = "moody"

    def __init__(self) -> None:
        self.rules = RuleDetector("en")

    def detect(self, doc: Document) -> list[Span]:
        if "SLOW" in doc.text:
            time.sleep(1.0)
        if "CRASH" in doc.text:
            raise RuntimeError(f"could not read {doc.text}")
        return self.rules.detect(doc)


def _moody_app(key_file, **settings) -> TestClient:
    config = {"name": "moody", "detector": [{"type": "rules"}]}
    pipeline = Pipeline(PipelineConfig.model_validate(config))
    pipeline._detectors = [Moody()]
    app = create_app(ServeSettings(key_file=str(key_file), **settings), pipeline=pipeline)
    return TestClient(app, raise_server_exceptions=False)


def test_health_names_the_pipeline(client):
    assert client.get("/health").json() == {"pipeline": "rules", "version": "0.1.0", "ready": True}
    assert "/v1/deidentify" in client.get("/openapi.json").json()["paths"]


def test_detect_one_note_or_a_batch(client):
    one = client.post("/v1/detect", json={"text": NOTE}).json()
    assert one == {
        "documents": [
            {
                "id": "note",
                "spans": [
                    {
                        "start": 12,
                        "end": 18,
                        "label": "DOCTOR",
                        "score": 0.95,
                        "source": "dictionary:title_doctor",
                    },
                    {
                        "start": 22,
                        "end": 32,
                        "label": "DATE",
                        "score": 0.95,
                        "source": "rules:date_numeric",
                    },
                ],
            }
        ]
    }
    batch = client.post(
        "/v1/detect", json={"documents": [{"id": "a", "text": NOTE}, {"id": "b", "text": "ok"}]}
    ).json()
    assert [d["id"] for d in batch["documents"]] == ["a", "b"]
    assert batch["documents"][0]["spans"] == one["documents"][0]["spans"]
    assert batch["documents"][1]["spans"] == []


def test_a_patient_keeps_its_surrogates_across_requests(client, key_file):
    def name_in(response: dict) -> str:
        doc = response["documents"][0]
        span = next(s for s in doc["spans"] if s["label"] == "DOCTOR")
        return doc["text"][span["start"] : span["end"]]

    body = {"text": NOTE, "patient_id": "p-1"}
    first = client.post("/v1/deidentify", json=body).json()
    again = client.post("/v1/deidentify", json=body).json()
    assert first == again and "Okafor" not in first["documents"][0]["text"]
    spans = first["documents"][0]["spans"]
    assert [(s["label"], s["operator"], s["original_start"], s["original_end"]) for s in spans] == [
        ("DOCTOR", "surrogate", 12, 18),
        ("DATE", "surrogate", 22, 32),
    ]
    other = TestClient(
        create_app(ServeSettings(pipeline="rules", allow_random_key=True), load_pipeline("rules"))
    )
    assert name_in(other.post("/v1/deidentify", json=body).json()) != name_in(first)
    tagged = client.post("/v1/deidentify", json={**body, "operators": {"DATE": "tag"}}).json()
    assert tagged["documents"][0]["text"].endswith("on [DATE].")


def test_requests_without_the_token_get_401(key_file, tmp_path):
    token = tmp_path / "token"
    token.write_text("s3cret-token\n")
    app = create_app(ServeSettings(pipeline="rules", key_file=str(key_file), token_file=str(token)))
    guarded = TestClient(app)
    assert guarded.post("/v1/detect", json={"text": NOTE}).status_code == 401
    wrong = {"Authorization": "Bearer nope"}
    assert guarded.post("/v1/detect", json={"text": NOTE}, headers=wrong).status_code == 401
    right = {"Authorization": "Bearer s3cret-token"}
    assert guarded.post("/v1/detect", json={"text": NOTE}, headers=right).status_code == 200
    assert guarded.get("/health").status_code == 200  # health needs no token


def test_bodies_over_the_limit_get_413_whether_declared_or_chunked(key_file):
    small = TestClient(
        create_app(ServeSettings(pipeline="rules", key_file=str(key_file), max_bytes=200))
    )
    big = {"text": "x" * 300}
    assert small.post("/v1/detect", json=big).status_code == 413
    chunks = iter([b'{"text": "', b"x" * 150, b"x" * 150, b'"}'])
    response = small.post(
        "/v1/detect", content=chunks, headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert small.post("/v1/detect", json={"text": NOTE}).status_code == 200


def test_malformed_requests_get_422_naming_the_field_never_the_text(client):
    cases = [
        ({"documents": [{"id": "a", "text": "SECRETNAME Okafor", "patient_id": 5}]},
         ["body", "documents", "0", "patient_id"]),
        ({"txt": "SECRETNAME Okafor"}, ["body", "txt"]),
        ({"text": "SECRETNAME Okafor", "replace": "shred"}, ["body", "replace"]),
    ]  # fmt: skip
    for body, loc in cases:
        response = client.post("/v1/deidentify", json=body)
        assert response.status_code == 422
        assert loc in [problem["loc"] for problem in response.json()["detail"]]
        assert "SECRETNAME" not in response.text
    broken = client.post(
        "/v1/detect", content=b'{"text": "SECRETNAME', headers={"content-type": "application/json"}
    )
    assert broken.status_code == 422 and "SECRETNAME" not in broken.text
    both = client.post("/v1/detect", json={"text": "a", "documents": []})
    assert both.status_code == 422 and "either 'text' or 'documents'" in both.text


def test_a_slow_request_gets_503_and_the_service_goes_on(key_file):
    moody = _moody_app(key_file, time_limit=0.2)
    started = time.perf_counter()
    assert moody.post("/v1/detect", json={"text": "SLOW " + NOTE}).status_code == 503
    assert time.perf_counter() - started < 0.9
    assert moody.get("/health").status_code == 200
    time.sleep(1.0)  # the slow note finishes in the detection thread
    assert moody.post("/v1/detect", json={"text": NOTE}).status_code == 200


def test_no_note_text_in_logs_or_error_bodies(key_file, caplog, capsys):
    moody = _moody_app(key_file)
    with caplog.at_level(logging.DEBUG):
        crashed = moody.post("/v1/deidentify", json={"text": "CRASH Tilde Halvorsen"})
        bad = moody.post("/v1/deidentify", json={"text": "Tilde Halvorsen", "operators": 3})
    assert crashed.status_code == 500 and crashed.json() == {"detail": "internal error"}
    assert bad.status_code == 422
    written = caplog.text + capsys.readouterr().err + crashed.text + bad.text
    assert "RuntimeError" in caplog.text
    assert "Halvorsen" not in written and "Tilde" not in written


def test_the_service_needs_a_key_unless_told(tmp_path):
    with pytest.raises(ConfigError, match="--key-file"):
        create_app(ServeSettings(pipeline="rules"))
    from typer.testing import CliRunner

    from phiscrub.cli import app

    result = CliRunner().invoke(app, ["serve", "--pipeline", "rules"])
    assert isinstance(result.exception, ConfigError) and "--key-file" in str(result.exception)
    result = CliRunner().invoke(app, ["serve", "--allow-random-key", "--workers", "2"])
    assert isinstance(result.exception, ConfigError) and "--workers 1" in str(result.exception)
