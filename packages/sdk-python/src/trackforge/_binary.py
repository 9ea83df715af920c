"""Binary answers (audio, MIDI, stems, previews) streamed in chunks, never held whole in memory;
and binary inputs (a melody's MIDI file) read from bytes, a path or a file object.

The streams that read the body are AsyncBinaryStream (_async_binary.py, written by hand) and its
generated sync twin BinaryStream (_sync_binary.py)."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import IO, Optional, Tuple, Union

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


class BaseBinaryStream:
    """What both runtimes' streams share: the answer and its content type."""

    def __init__(self, response: httpx.Response) -> None:
        self.response = response

    @property
    def content_type(self) -> Optional[str]:
        value: Optional[str] = self.response.headers.get("content-type")
        return value
