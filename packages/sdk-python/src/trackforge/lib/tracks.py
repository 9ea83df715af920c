"""`client.tracks` helpers: AsyncTracks is written in _async_tracks.py, Tracks generated from it."""

from ._async_tracks import AsyncTracks
from ._sync_tracks import Tracks
from ._track_routes import AudioFormat, DownloadFormat, Duration

__all__ = ["Tracks", "AsyncTracks", "AudioFormat", "DownloadFormat", "Duration"]
