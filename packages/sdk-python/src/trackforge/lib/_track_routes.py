"""What the sync and async `client.tracks` helpers share: the download formats and routes, and
when a wait may fall back from events to polling."""

from __future__ import annotations

from typing import Any, Dict, Literal, Tuple, Union

from .._exceptions import APIConnectionError, APIStatusError, WebhookVerificationError

DownloadFormat = Literal["mp3", "wav", "ogg", "flac", "midi", "stems", "waveform", "lrc", "vtt", "srt"]
AudioFormat = Literal["mp3", "wav", "ogg", "flac"]
Duration = Union[str, int, float]
TERMINAL = ("ready", "failed")
# The events subscription is the fast path of create_and_wait; polling takes over if it fails.
EVENTS_UNAVAILABLE = (APIConnectionError, APIStatusError, WebhookVerificationError)


def download_route(track_id: str, format: DownloadFormat) -> Tuple[str, Dict[str, Any]]:
    # Audio is one route with a format, and so are the timed lyrics; MIDI, stems and waveform each
    # have their own.
    if format in ("midi", "stems", "waveform"):
        return f"/v1/tracks/{track_id}/{format}", {}
    if format in ("lrc", "vtt", "srt"):
        return f"/v1/tracks/{track_id}/lyrics", {"format": format}
    return f"/v1/tracks/{track_id}/audio", {"format": format}
