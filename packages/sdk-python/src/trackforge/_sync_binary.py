# Generated from _async_binary.py by packages/sdk-python/scripts/generate_resources.py.
# Do not edit: edit the async module and run `npm run generate:sdks`.
"""BinaryStream: a streamed binary answer read with httpx's async API."""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import Iterator, Optional, Type

from ._binary import CHUNK_BYTES, BaseBinaryStream, Destination


class BinaryStream(BaseBinaryStream):
    """A streamed binary answer; use it in `with`, read it with iter_bytes() or write_to()."""

    def iter_bytes(self, chunk_size: int = CHUNK_BYTES) -> Iterator[bytes]:
        """The body as it arrives (for ?stream=1 audio: while the track is still generating)."""
        return self.response.iter_bytes(chunk_size)

    def write_to(self, destination: Destination) -> int:
        """Writes the body to a path or a binary file object; returns the number of bytes written."""
        if isinstance(destination, (str, os.PathLike)):
            with Path(destination).open("wb") as file:
                return self.write_to(file)
        written = 0
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
