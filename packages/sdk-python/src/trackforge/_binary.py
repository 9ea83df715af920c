"""Binary answers (audio, MIDI, stems, previews) streamed in chunks, never held whole in memory."""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import IO, AsyncIterator, Iterator, Optional, Type, Union

import httpx

Destination = Union[str, "os.PathLike[str]", IO[bytes]]
CHUNK_BYTES = 64 * 1024


class BinaryStream:
    """A streamed binary answer; use it in `with`, read it with iter_bytes() or write_to()."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response

    @property
    def content_type(self) -> Optional[str]:
        value: Optional[str] = self.response.headers.get("content-type")
        return value

    def iter_bytes(self, chunk_size: int = CHUNK_BYTES) -> Iterator[bytes]:
        """The body as it arrives (for ?stream=1 audio: while the track is still generating)."""
        return self.response.iter_bytes(chunk_size)

    def write_to(self, destination: Destination) -> int:
        """Writes the body to a path or a binary file object; returns the number of bytes written."""
        written = 0
        if isinstance(destination, (str, os.PathLike)):
            with Path(destination).open("wb") as file:
                return self.write_to(file)
        for chunk in self.iter_bytes():
            destination.write(chunk)
            written += len(chunk)
        return written

    def close(self) -> None:
        self.response.close()

    def __enter__(self) -> BinaryStream:
        return self

    def __exit__(
        self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException], tb: Optional[TracebackType]
    ) -> None:
        self.close()


class AsyncBinaryStream:
    """A streamed binary answer; use it in `async with`, read it with aiter_bytes() or write_to()."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response

    @property
    def content_type(self) -> Optional[str]:
        value: Optional[str] = self.response.headers.get("content-type")
        return value

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
