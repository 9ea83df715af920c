"""`client.events.subscribe`: AsyncEvents is written in _async_events.py, Events generated from it."""

from ._async_events import AsyncEvents
from ._sync_events import Events

__all__ = ["Events", "AsyncEvents"]
