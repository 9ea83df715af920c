"""Lists: page objects, and `for` / `async for` walking every page by next_cursor."""

from __future__ import annotations

from typing import Any, Dict

import httpx

from .helpers import Recorder, async_client, sync_client, track_json

IDS = [f"trk_{n}" for n in range(7, 0, -1)]  # newest first, as the API lists


def pages(request: httpx.Request) -> httpx.Response:
    after = request.url.params.get("starting_after")
    limit = int(request.url.params.get("limit", "3"))
    start = IDS.index(after) + 1 if after else 0
    chunk = IDS[start : start + limit]
    has_more = start + limit < len(IDS)
    body: Dict[str, Any] = {
        "object": "list", "data": [track_json(i) for i in chunk], "has_more": has_more,
        "next_cursor": chunk[-1] if has_more else None,
    }  # fmt: skip
    return httpx.Response(200, json=body)


def test_iterating_a_list_walks_every_page_in_order() -> None:
    rec = Recorder()
    client = sync_client(pages, rec)
    assert [track.id for track in client.tracks.list(limit=3, status="ready")] == IDS
    assert [r.url.params.get("starting_after") for r in rec.requests] == [None, "trk_5", "trk_2"]
    assert all(r.url.params["status"] == "ready" for r in rec.requests)


def test_a_page_stands_alone_and_fetches_the_next_on_request() -> None:
    rec = Recorder()
    first = sync_client(pages, rec).tracks.list(limit=3)
    assert [t.id for t in first.data] == IDS[:3] and first.has_next_page()
    second = first.get_next_page()
    assert [t.id for t in second.data] == IDS[3:6]
    assert [len(page.data) for page in first.iter_pages()] == [3, 3, 1]
    assert len(rec.requests) == 1 + 1 + 2  # iter_pages starts from the page it has


def test_credit_ledger_entries_paginate_from_the_nested_list() -> None:
    def ledger(request: httpx.Request) -> httpx.Response:
        after = request.url.params.get("starting_after")
        entry = {"object": "credit_entry", "kind": "grant", "amount": 1, "balance_after": 1, "held_after": 0,
                 "track_id": None, "description": None, "created_at": "2026-11-24T00:00:00Z"}  # fmt: skip
        data = [{**entry, "id": "cre_2"}] if after is None else [{**entry, "id": "cre_1"}]
        entries = {
            "object": "list",
            "data": data,
            "has_more": after is None,
            "next_cursor": "cre_2" if after is None else None,
        }
        return httpx.Response(200, json={"object": "credits", "balance": 1, "held": 0, "entries": entries})

    client = sync_client(ledger, Recorder())
    assert [entry.id for entry in client.credits.list_entries(limit=1)] == ["cre_2", "cre_1"]


async def test_async_for_walks_every_page_and_await_gives_the_first() -> None:
    rec = Recorder()
    client = async_client(pages, rec)
    assert [track.id async for track in client.tracks.list(limit=3)] == IDS
    first = await client.tracks.list(limit=3)
    assert [t.id for t in first.data] == IDS[:3] and first.next_cursor == "trk_5"
    second = await first.get_next_page()
    assert [t.id for t in second.data] == IDS[3:6]
    await client.close()
