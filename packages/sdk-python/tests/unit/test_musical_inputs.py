"""tracks.create with chords, a section plan and a melody: the JSON or multipart body sent, and the 422 raised."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Dict, List

import httpx
import pytest

from trackforge import BadRequestError, UnprocessableEntityError
from trackforge.types import SectionParam

from ..midi import MELODY_MIDI as MIDI
from .helpers import Recorder, async_client, form_parts, json_body, problem, sync_client, track_json

PLAN: List[SectionParam] = [
    {"name": "intro", "bars": 4, "energy": 0.3, "instruments": ["pad", "bass"]},
    {"name": "verse", "bars": 8, "prompt": "moody, no drums"},
    {"name": "outro", "seconds": 8.5, "energy": 0.2},
]


def created(_: httpx.Request) -> httpx.Response:
    return httpx.Response(201, json=track_json())


def test_chords_go_in_the_json_body_beside_the_other_fields() -> None:
    rec = Recorder()
    client = sync_client(created, rec)
    client.tracks.create("warm indie pop with piano", "1:00", chords="Am F C/E G", seed=4)
    request = rec.requests[0]
    assert request.headers["content-type"] == "application/json"
    assert json_body(request) == {"prompt": "warm indie pop with piano", "duration": "1:00", "chords": "Am F C/E G",
                                  "seed": 4}  # fmt: skip
    assert request.headers["Idempotency-Key"].startswith("tf-py-")


def test_a_section_plan_needs_no_duration_and_is_sent_as_given() -> None:
    rec = Recorder()
    client = sync_client(created, rec)
    client.tracks.create("uplifting synthwave 110 bpm", sections=PLAN, chords="I V vi IV")
    assert json_body(rec.requests[0]) == {"prompt": "uplifting synthwave 110 bpm", "chords": "I V vi IV",
                                          "sections": PLAN}  # fmt: skip


def test_a_plan_given_as_a_tuple_of_mappings_is_sent_as_a_list_of_objects() -> None:
    rec = Recorder()
    client = sync_client(created, rec)
    plan = tuple(SectionParam(**section) for section in PLAN)
    client.tracks.create("synthwave", sections=plan)
    assert json_body(rec.requests[0]) == {"prompt": "synthwave", "sections": PLAN}


def test_melody_bytes_go_as_a_multipart_file_part_beside_the_request_json() -> None:
    rec = Recorder()
    client = sync_client(created, rec)
    client.tracks.create("celtic folk with harp", "30s", melody=MIDI, chords="Dm C", bpm=90, wait_seconds=20)
    request = rec.requests[0]
    assert request.headers["content-type"].startswith("multipart/form-data; boundary=")
    parts = form_parts(request)
    assert set(parts) == {"request", "melody"}
    assert parts["request"].filename is None and parts["request"].content_type == "application/json"
    assert json.loads(parts["request"].data) == {"prompt": "celtic folk with harp", "duration": "30s",
                                                 "chords": "Dm C", "bpm": 90}  # fmt: skip
    assert parts["melody"] == ("melody.mid", "audio/midi", MIDI)
    assert request.headers["Prefer"] == "wait=20"
    assert request.headers["Idempotency-Key"].startswith("tf-py-")


def test_melody_from_a_path_keeps_the_files_name(tmp_path: Path) -> None:
    rec = Recorder()
    client = sync_client(created, rec)
    (tmp_path / "hook.mid").write_bytes(MIDI)
    client.tracks.create("folk", "30s", melody=tmp_path / "hook.mid")
    client.tracks.create("folk", "30s", melody=str(tmp_path / "hook.mid"))
    assert [form_parts(r)["melody"] for r in rec.requests] == [("hook.mid", "audio/midi", MIDI)] * 2


def test_melody_from_a_binary_file_object_is_read_from_where_it_stands(tmp_path: Path) -> None:
    rec = Recorder()
    client = sync_client(created, rec)
    (tmp_path / "tune.mid").write_bytes(MIDI)
    with (tmp_path / "tune.mid").open("rb") as file:
        client.tracks.create("folk", "30s", melody=file)
    buffer = io.BytesIO(b"junk" + MIDI)
    buffer.seek(4)
    client.tracks.create("folk", "30s", melody=buffer)
    assert form_parts(rec.requests[0])["melody"] == ("tune.mid", "audio/midi", MIDI)
    assert form_parts(rec.requests[1])["melody"] == ("melody.mid", "audio/midi", MIDI)


def test_a_melody_file_opened_in_text_mode_is_refused_before_anything_is_sent(tmp_path: Path) -> None:
    rec = Recorder()
    client = sync_client(created, rec)
    (tmp_path / "tune.mid").write_bytes(b"MThd")
    with (tmp_path / "tune.mid").open("r") as file, pytest.raises(TypeError, match="'rb'"):
        client.tracks.create("folk", "30s", melody=file)  # type: ignore[arg-type]
    assert rec.requests == []


def test_a_retried_melody_upload_sends_the_same_file_and_key_again() -> None:
    rec = Recorder()
    answers = iter([problem(503, "unavailable"), httpx.Response(201, json=track_json())])
    client = sync_client(lambda _: next(answers), rec)
    # A file object is read once: the retry must not find it at its end and send nothing.
    client.tracks.create("folk", "30s", melody=io.BytesIO(MIDI))
    first, second = (form_parts(r) for r in rec.requests)
    assert first == second and first["melody"].data == MIDI
    assert rec.requests[0].headers["Idempotency-Key"] == rec.requests[1].headers["Idempotency-Key"]


def test_extra_body_fields_join_the_request_part_of_a_melody_upload() -> None:
    rec = Recorder()
    client = sync_client(created, rec)
    client.tracks.create("folk", "30s", melody=MIDI, extra_body={"loop": True})
    assert json.loads(form_parts(rec.requests[0])["request"].data) == {"prompt": "folk", "duration": "30s",
                                                                       "loop": True}  # fmt: skip


@pytest.mark.parametrize(
    ("param", "inputs"),
    [
        ("chords", {"chords": "Am H7"}),
        ("sections[1].instruments[0]", {"sections": [{"name": "a", "bars": 2}, {"name": "b", "bars": 2,
                                                                                  "instruments": ["kazoo"]}]}),
        ("melody", {"melody": b"not a midi file"}),
    ],
)  # fmt: skip
def test_an_input_the_engine_cannot_use_raises_unprocessable_entity_naming_the_field(
    param: str, inputs: Dict[str, object]
) -> None:
    rec = Recorder()
    answer = problem(422, "unprocessable_input", f"{param}: cannot be used", param=param)
    client = sync_client(lambda _: answer, rec)
    with pytest.raises(UnprocessableEntityError) as raised:
        client.tracks.create("folk", "30s", **inputs)  # type: ignore[arg-type]
    assert (raised.value.status_code, raised.value.code, raised.value.param) == (422, "unprocessable_input", param)
    assert raised.value.detail == f"{param}: cannot be used"
    assert len(rec.requests) == 1  # a 422 is the answer to this body: retrying cannot change it


def test_neither_duration_nor_sections_raises_bad_request_naming_duration() -> None:
    answer = problem(400, "validation_failed", "duration: give a duration…", param="duration")
    client = sync_client(lambda _: answer, Recorder())
    with pytest.raises(BadRequestError) as raised:
        client.tracks.create("folk", chords="Am F")
    assert raised.value.param == "duration"


async def test_the_async_client_sends_chords_a_plan_and_a_melody_alike(tmp_path: Path) -> None:
    rec = Recorder()
    client = async_client(created, rec)
    (tmp_path / "hook.mid").write_bytes(MIDI)
    await client.tracks.create("synthwave", sections=PLAN, chords="Am F C G")
    await client.tracks.create("folk", "30s", melody=tmp_path / "hook.mid", wait_seconds=5)
    assert json_body(rec.requests[0]) == {"prompt": "synthwave", "chords": "Am F C G", "sections": PLAN}
    parts = form_parts(rec.requests[1])
    assert json.loads(parts["request"].data) == {"prompt": "folk", "duration": "30s"}
    assert parts["melody"] == ("hook.mid", "audio/midi", MIDI)
    assert rec.requests[1].headers["Prefer"] == "wait=5"
    answer = problem(422, "unprocessable_input", "melody: not a MIDI file", param="melody")
    failing = async_client(lambda _: answer, Recorder())
    with pytest.raises(UnprocessableEntityError) as raised:
        await failing.tracks.create("folk", "30s", melody=b"nope")
    assert raised.value.param == "melody"
    await client.close()
    await failing.close()
