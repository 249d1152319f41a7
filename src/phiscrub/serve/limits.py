"""Request bodies over a size limit get 413 before they are read whole (ASGI middleware)."""

from __future__ import annotations

import json
from typing import Any

Scope = dict[str, Any]
Message = dict[str, Any]


class BodyLimit:
    """Answers 413 to a body over ``max_bytes``: at once when its ``Content-Length`` says so,
    else as soon as that many bytes have come in (a chunked body, which is read here)."""

    def __init__(self, app: Any, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send)
            return
        # no length declared (a chunked body): read it here, at most max_bytes of it, and hand
        # the app what was read (the app's own body parser would turn an error into a 400)
        messages: list[Message] = []
        received = 0
        more = scope.get("method") in ("POST", "PUT", "PATCH")
        while more:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            received += len(message.get("body", b""))
            if received > self.max_bytes:
                await self._refuse(send)
                return
            more = message.get("more_body", False)

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Any) -> None:
        body = json.dumps(
            {"detail": f"the request body is over the service's {self.max_bytes:,} bytes"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
