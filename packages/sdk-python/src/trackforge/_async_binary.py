"""AsyncBinaryStream: a streamed binary answer read with httpx's async API."""

# async source: written once, for asyncio; scripts/generate_resources.py writes the sync twin
# async source: (_sync_binary.py, BinaryStream) from it.

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import AsyncIterator, Optional, Type

from ._binary import CHUNK_BYTES, BaseBinaryStream, Destination


class AsyncBinaryStream(BaseBinaryStream):
    """A streamed binary answer; use it in `async with`, read it with aiter_bytes() or write_to()."""

    def aiter_bytes(self, chunk_size: int = CHUNK_BYTES) -> AsyncIterator[bytes]:
        """The body as it arrives (for ?stream=1 audio: while the track is still generating)."""
        return self.response.aiter_bytes(chunk_size)

    async def write_to(self, destination: Destination) -> int:
        """Writes the body to a path or a binary file object; returns the number of bytes written."""
        if isinstance(destination, (str, os.PathLike)):
            with Path(destination).open("wb") as file:
                return await self.write_to(file)
        written = 0
        async for chunk in self.aiter_bytes():
            destination.write(chunk)
            written += len(chunk)
        return written

    async def close(self) -> None:
        await self.response.aclose()

    async def __aenter__(self) -> AsyncBinaryStream:
        return self

    async def __aexit__(
        self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]
    ) -> None:
        await self.close()
