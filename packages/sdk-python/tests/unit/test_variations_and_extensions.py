"""tracks.create_variation / tracks.extend: the body, the route, the Idempotency-Key and Prefer: wait."""

from __future__ import annotations

from typing import List

import httpx
import pytest

from trackforge import UnprocessableEntityError
from trackforge.types import SectionParam

from .helpers import Recorder, async_client, json_body, problem, sync_client, track_json


def queued(kind: str) -> httpx.Response:
    return httpx.Response(201, json=track_json("trk_2", kind=kind, parent_track_id="trk_1"))


def test_create_variation_posts_keep_and_seed_with_an_idempotency_key() -> None:
    rec = Recorder()
    client = sync_client(lambda _: queued("variation"), rec)
    variation = client.tracks.create_variation("trk_1", keep=("drums", "bass"), seed=9)
    assert variation.kind == "variation" and variation.parent_track_id == "trk_1"
    request = rec.requests[0]
    assert request.method == "POST" and request.url.path == "/v1/tracks/trk_1/variations"
    assert json_body(request) == {"keep": ["drums", "bass"], "seed": 9}
    assert request.headers["Idempotency-Key"].startswith("tf-py-")
    assert "Prefer" not in request.headers


def test_create_variation_sends_an_empty_keep_and_no_seed_when_none_is_given() -> None:
    rec = Recorder()
    client = sync_client(lambda _: queued("variation"), rec)
    client.tracks.create_variation("trk_1", keep=[])
    assert json_body(rec.requests[0]) == {"keep": []}


def test_extend_by_seconds_holds_the_answer_when_asked_and_keeps_a_given_key() -> None:
    rec = Recorder()
    client = sync_client(lambda _: queued("extension"), rec)
    longer = client.tracks.extend("trk_1", seconds=60, wait_seconds=30, idempotency_key="k1")
    assert longer.kind == "extension"
    request = rec.requests[0]
    assert request.url.path == "/v1/tracks/trk_1/extend"
    assert json_body(request) == {"seconds": 60}
    assert request.headers["Prefer"] == "wait=30"
    assert request.headers["Idempotency-Key"] == "k1"


def test_extend_with_sections_sends_the_plan_as_given() -> None:
    rec = Recorder()
    client = sync_client(lambda _: queued("extension"), rec)
    plan: List[SectionParam] = [
        {"name": "Chorus 2", "bars": 8, "energy": 0.9},
        {"name": "outro", "seconds": 10, "instruments": ["piano"]},
    ]
    client.tracks.extend("trk_1", sections=plan)
    assert json_body(rec.requests[0]) == {"sections": plan}


def test_extend_raises_the_422_naming_the_section_field() -> None:
    answer = problem(
        422, "unprocessable_input", "sections[0].instruments[0]: unknown", param="sections[0].instruments[0]"
    )
    client = sync_client(lambda _: answer, Recorder())
    with pytest.raises(UnprocessableEntityError) as raised:
        client.tracks.extend("trk_1", sections=[{"name": "solo", "bars": 4, "instruments": ["kazoo"]}])
    assert raised.value.code == "unprocessable_input"
    assert raised.value.param == "sections[0].instruments[0]"


async def test_the_async_client_varies_and_extends_alike() -> None:
    rec = Recorder()
    answers = iter([queued("variation"), queued("extension")])
    client = async_client(lambda _: next(answers), rec)
    variation = await client.tracks.create_variation("trk_1", keep=["lead"], wait_seconds=5)
    extension = await client.tracks.extend("trk_1", sections=[{"name": "bridge", "bars": 4}])
    assert (variation.kind, extension.kind) == ("variation", "extension")
    assert [r.url.path for r in rec.requests] == ["/v1/tracks/trk_1/variations", "/v1/tracks/trk_1/extend"]
    assert rec.requests[0].headers["Prefer"] == "wait=5"
    assert json_body(rec.requests[1]) == {"sections": [{"name": "bridge", "bars": 4}]}
    assert rec.requests[0].headers["Idempotency-Key"] != rec.requests[1].headers["Idempotency-Key"]
    await client.close()
