"""A client wired to an httpx.MockTransport that records requests and the retry delays asked for."""

from __future__ import annotations

import email.parser
import email.policy
import json
from typing import Any, Callable, Dict, List, NamedTuple, Optional

import httpx

from trackforge import AsyncTrackforge, Trackforge

Handler = Callable[[httpx.Request], httpx.Response]
BASE_URL = "http://api.test"


class Recorder:
    def __init__(self) -> None:
        self.requests: List[httpx.Request] = []
        self.sleeps: List[float] = []

    async def async_sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)


def sync_client(handler: Handler, recorder: Recorder, **kwargs: Any) -> Trackforge:
    def record(request: httpx.Request) -> httpx.Response:
        recorder.requests.append(request)
        return handler(request)

    client = Trackforge(
        api_key="tf_test_key",
        base_url=BASE_URL,
        http_client=httpx.Client(transport=httpx.MockTransport(record)),
        **kwargs,
    )
    client._sleep = recorder.sleeps.append
    return client


def async_client(handler: Handler, recorder: Recorder, **kwargs: Any) -> AsyncTrackforge:
    def record(request: httpx.Request) -> httpx.Response:
        recorder.requests.append(request)
        return handler(request)

    client = AsyncTrackforge(
        api_key="tf_test_key",
        base_url=BASE_URL,
        http_client=httpx.AsyncClient(transport=httpx.MockTransport(record)),
        **kwargs,
    )
    client._sleep = recorder.async_sleep
    return client


def problem(status: int, code: str, detail: str = "it went wrong", **extra: Any) -> httpx.Response:
    headers = extra.pop("headers", None)
    body: Dict[str, Any] = {
        "type": f"https://trackforge.dev/errors/{code}", "title": code, "status": status, "detail": detail,
        "code": code, "param": extra.pop("param", None), "request_id": "req_123", **extra,
    }  # fmt: skip
    return httpx.Response(status, json=body, headers={"content-type": "application/problem+json", **(headers or {})})


URL_KINDS = ("audio", "midi", "stems", "waveform", "stream", "share", "cover")


def track_json(track_id: str = "trk_1", status: str = "queued", **fields: Any) -> Dict[str, Any]:
    return {
        "id": track_id, "object": "track", "prompt": "dark techno", "duration": "short", "duration_seconds": 30,
        "status": status, "progress": 0.0, "visibility": "private", "title": "Dark Techno", "voice_id": None,
        "seed": 1, "loop": False, "bpm": None, "key": None, "metadata": {}, "webhook_url": None, "music": None,
        "audio": None, "urls": {k: f"/v1/tracks/{track_id}/{k}" for k in URL_KINDS},
        "error": None, "credits_charged": 0, "workspace_id": "wsp_1", "created_at": "2026-11-24T00:00:00Z",
        "started_at": None, "completed_at": None, "kind": "original", "parent_track_id": None,
        "inputs": {"chords": None, "sections": None, "melody": None, "lyrics": None}, **fields,
    }  # fmt: skip


def json_body(request: httpx.Request) -> Optional[Any]:
    return json.loads(request.content) if request.content else None


class FormPart(NamedTuple):
    filename: Optional[str]
    content_type: str
    data: bytes


def form_parts(request: httpx.Request) -> Dict[str, FormPart]:
    """The parts of a multipart/form-data request by name, read with the standard library's MIME parser."""
    head = f"Content-Type: {request.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + request.content)
    assert message.is_multipart(), request.headers["content-type"]
    parts: Dict[str, FormPart] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        data = part.get_payload(decode=True)
        assert isinstance(name, str) and isinstance(data, bytes)
        parts[name] = FormPart(part.get_filename(), part.get_content_type(), data)
    return parts
