"""Which view of a track an answer is: GET /v1/tracks/{id} answers the owner's view or the public one."""

from __future__ import annotations

import httpx

from .._exceptions import TrackforgeError
from ..types import PublicTrack, Track


def own_track(response: httpx.Response) -> Track:
    body = response.json()
    if isinstance(body, dict) and body.get("object") == "public_track":
        raise TrackforgeError(f"{body.get('id')} belongs to another workspace; retrieve_public() reads its public view")
    return Track.model_validate(body)


def public_track(response: httpx.Response) -> PublicTrack:
    body = response.json()
    if isinstance(body, dict) and body.get("object") == "track":
        # The owner's view is a superset of the public one: keep the public fields only.
        public = {name: body[name] for name in PublicTrack.model_fields if name in body}
        urls = body.get("urls") or {}
        public_urls = {kind: urls.get(kind) for kind in ("audio", "waveform", "share", "cover")}
        body = {**public, "object": "public_track", "urls": public_urls}
    return PublicTrack.model_validate(body)
