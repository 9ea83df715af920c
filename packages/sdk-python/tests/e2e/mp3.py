"""Walks an MP3's frame headers (MPEG-1/2/2.5 Layer III) to count frames and measure its duration.

Enough to tell a real, decodable stream from bytes that merely start with ID3: every frame header
must be valid and chain exactly into the next one to the end of the file.
"""

from __future__ import annotations

from typing import NamedTuple

# kbit/s by index, for MPEG-1 and for MPEG-2/2.5 Layer III.
BITRATES_V1 = (0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320)
BITRATES_V2 = (0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160)
SAMPLE_RATES = {3: (44100, 48000, 32000), 2: (22050, 24000, 16000), 0: (11025, 12000, 8000)}


class Mp3Stats(NamedTuple):
    frames: int
    sample_rate: int
    channels: int
    duration_seconds: float


def measure_mp3(data: bytes) -> Mp3Stats:
    offset = 0
    if data[:3] == b"ID3":
        size = (data[6] << 21) | (data[7] << 14) | (data[8] << 7) | data[9]
        offset = 10 + size
    frames = samples = 0
    sample_rate = channels = 0
    while offset + 4 <= len(data):
        header = int.from_bytes(data[offset : offset + 4], "big")
        if header >> 21 != 0x7FF:
            if data[offset : offset + 3] == b"TAG" and len(data) - offset == 128:
                break  # ID3v1 trailer
            raise ValueError(f"lost frame sync at byte {offset} after {frames} frames")
        version = (header >> 19) & 3
        layer = (header >> 17) & 3
        bitrate_index = (header >> 12) & 0xF
        rate_index = (header >> 10) & 3
        if layer != 1 or version == 1 or bitrate_index in (0, 15) or rate_index == 3:
            raise ValueError(f"not a Layer III frame header at byte {offset}")
        padding = (header >> 9) & 1
        sample_rate = SAMPLE_RATES[version][rate_index]
        channels = 1 if (header >> 6) & 3 == 3 else 2
        bitrate = (BITRATES_V1 if version == 3 else BITRATES_V2)[bitrate_index] * 1000
        per_frame = 1152 if version == 3 else 576
        length = (per_frame // 8) * bitrate // sample_rate + padding
        offset += length
        frames += 1
        samples += per_frame
    if frames == 0:
        raise ValueError("no MP3 frames")
    return Mp3Stats(frames, sample_rate, channels, samples / sample_rate)
