"""Binary answers (audio, MIDI, stems, previews) streamed in chunks, never held whole in memory;
and binary inputs (a melody's MIDI file) read from bytes, a path or a file object."""

from __future__ import annotations

import io
import os
from pathlib import Path
from types import TracebackType
from typing import IO, AsyncIterator, Iterator, Optional, Tuple, Type, Union

import httpx

Destination = Union[str, "os.PathLike[str]", IO[bytes]]
Source = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]", IO[bytes]]
CHUNK_BYTES = 64 * 1024


def read_source(source: Source, default_name: str) -> Tuple[str, bytes]:
    """The file name and bytes of an input: bytes as given, a path's file, or a binary file object's rest.

    Read whole, once: the SDK sends the same bytes again on a retry, and the API caps such files
    (a melody at 256 KB).
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        return default_name, bytes(source)
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        return path.name, path.read_bytes()
    if isinstance(source, io.TextIOBase):
        raise TypeError("open the file in binary mode ('rb'): the SDK sends its bytes as they are")
    name = getattr(source, "name", None)
    data = source.read()
    if not isinstance(data, bytes):
        raise TypeError(f"expected bytes from the file object, got {type(data).__name__}: open it in 'rb' mode")
    return (Path(name).name if isinstance(name, str) and name else default_name), data


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
