"""The clients: `Trackforge` (blocking) and `AsyncTrackforge` (asyncio), one resource per attribute.

AsyncTrackforge is written in _async_client.py; Trackforge (_sync_client.py) is generated from it.
"""

from ._async_client import AsyncTrackforge
from ._sync_client import Trackforge

__all__ = ["AsyncTrackforge", "Trackforge"]
