"""Load on the de-identification service: concurrent clients on loopback, 1 and 2 workers.

    python benchmarks/serve_load.py --pipeline default --clients 8 --requests 400

Starts ``phiscrub serve`` (a random key file, ``--threads 1``) for each worker count, waits for
``/health``, then ``--clients`` threads send ``--requests`` POST ``/v1/deidentify`` requests in
all, one synthetic note each (seed 7321, patient ids kept), and time each one. Reported per
worker count: requests/s, characters/s, latency percentiles, errors, and whether every request
got its own answer (status 200 and its note's id back: none lost). Writes
``benchmarks/results/serve_load.json`` and its table in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from record import record

from phiscrub.synth import synthesize


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_ready(url: str, process: subprocess.Popen, limit: float = 300.0) -> float:
    started = time.perf_counter()
    while time.perf_counter() - started < limit:
        if process.poll() is not None:
            raise SystemExit(f"phiscrub serve exited with {process.returncode}")
        try:
            if httpx.get(f"{url}/health", timeout=1.0).json().get("ready"):
                return time.perf_counter() - started
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.5)
    raise SystemExit("phiscrub serve did not get ready")


def _load(url: str, notes: list[dict], clients: int, requests: int) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    answered = 0
    lock = threading.Lock()
    next_request = iter(range(requests))

    def client() -> None:
        nonlocal answered
        with httpx.Client(timeout=120.0) as http:
            while True:
                with lock:
                    index = next(next_request, None)
                if index is None:
                    return
                note = notes[index % len(notes)]
                body = {"documents": [note]}
                started = time.perf_counter()
                try:
                    response = http.post(f"{url}/v1/deidentify", json=body)
                    ok = response.status_code == 200 and [
                        d["id"] for d in response.json()["documents"]
                    ] == [note["id"]]
                    problem = None if ok else f"status {response.status_code}"
                except httpx.HTTPError as exc:
                    problem = type(exc).__name__
                elapsed = time.perf_counter() - started
                with lock:
                    latencies.append(elapsed)
                    if problem is None:
                        answered += 1
                    else:
                        errors.append(problem)

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    latencies.sort()

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))]

    characters = sum(len(notes[i % len(notes)]["text"]) for i in range(requests))
    return {
        "requests": requests,
        "answered": answered,
        "errors": len(errors),
        "wall_s": round(wall, 2),
        "requests_per_s": round(requests / wall, 1),
        "characters_per_s": round(characters / wall),
        "p50_ms": round(pct(0.50) * 1000),
        "p95_ms": round(pct(0.95) * 1000),
        "p99_ms": round(pct(0.99) * 1000),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pipeline", default="default")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--notes", type=int, default=200)
    parser.add_argument("--workers", default="1,2")
    args = parser.parse_args()
    notes = [
        {"id": d.doc_id, "text": d.text, "patient_id": d.patient_id}
        for d in (n.document for n in synthesize(args.notes, 7321))
    ]
    rows, detail = [], {}
    with tempfile.TemporaryDirectory() as scratch:
        key = Path(scratch) / "key"
        key.write_text(os.urandom(32).hex())
        for workers in (int(w) for w in args.workers.split(",")):
            port = _free_port()
            command = [
                sys.executable, "-m", "phiscrub.cli", "serve", "--pipeline", args.pipeline,
                "--port", str(port), "--workers", str(workers), "--key-file", str(key),
                "--threads", "1",
            ]  # fmt: skip
            process = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            try:
                url = f"http://127.0.0.1:{port}"
                ready = _wait_ready(url, process)
                _load(url, notes, args.clients, min(20, args.requests))  # warm every worker
                measured = _load(url, notes, args.clients, args.requests)
            finally:
                process.terminate()
                process.wait(timeout=60)
            measured["start_s"] = round(ready, 1)
            detail[f"{workers} worker(s)"] = measured
            rows.append(
                [
                    str(workers),
                    f"{measured['requests_per_s']:,}",
                    f"{measured['characters_per_s']:,}",
                    str(measured["p50_ms"]),
                    str(measured["p95_ms"]),
                    str(measured["p99_ms"]),
                    str(measured["errors"]),
                    "yes" if measured["answered"] == measured["requests"] else "no",
                    str(measured["start_s"]),
                ]
            )
            print(" | ".join(rows[-1]), flush=True)
    columns = [
        "workers", "requests/s", "characters/s", "p50 ms", "p95 ms", "p99 ms", "errors",
        "every request answered", "start (s)",
    ]  # fmt: skip
    summary = {
        "pipeline": args.pipeline,
        "clients": args.clients,
        "requests": args.requests,
        "notes": f"{args.notes} synthetic (seed 7321), one per request",
    }
    record("serve_load", summary, detail, {"columns": columns, "rows": rows})


if __name__ == "__main__":
    main()
