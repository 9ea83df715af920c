"""A small Standard MIDI File for the melody input, shared by the unit and end-to-end tests."""

from __future__ import annotations

import base64

# One track at 96 ticks a beat (the tempo set to 100 bpm): eight quarter notes D E F G A G F E.
MELODY_MIDI = base64.b64decode(
    "TVRoZAAAAAYAAAABAGBNVHJrAAAAUwD/UQMJJ8AAkD5aYIA+AACQQFpggEAAAJBBWmCAQQAAkENaYIBDAACQRVpggEUAAJBD"
    "WmCAQwAAkEFaYIBBAACQQFpggEAAAJA+WmCAPgAA/y8A"
)
