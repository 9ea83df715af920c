// MIDI files at the edge of what a melody upload may be, written byte by byte: the 80,000-event
// file that once held the API's event loop for 19 s, and the heaviest file the caps let through.

/** A format-0 Standard MIDI File at PPQ 96 with one track of the given event bytes (end added). */
export function midiFileOf(events: readonly number[]): Buffer {
  const body = [...events, 0x00, 0xff, 0x2f, 0x00];
  const n = body.length;
  const header = [0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96];
  const track = [0x4d, 0x54, 0x72, 0x6b, (n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return Buffer.from([...header, ...track, ...body]);
}

/** 40,000 notes switched on and off (80,000 events, 3 bytes each with running status): 240 KB. */
export function floodMidiFile(): Buffer {
  const events: number[] = [0x00, 0x90, 60, 90, 0x01, 60, 0];
  for (let i = 1; i < 40_000; i++) {
    const pitch = 60 + (i % 12);
    events.push(0x00, pitch, 90, 0x01, pitch, 0);
  }
  return midiFileOf(events);
}

/**
 * The heaviest melody file the caps accept whole: `fileNotes` notes as chords of
 * fileNotes / melodyNotes (the melody is their top notes, `melodyNotes` of them), and controller
 * events up to `events` in all (the end of the track counts as one).
 */
export function largestValidMidiFile(caps: {
  melodyNotes: number;
  fileNotes: number;
  events: number;
}): Buffer {
  const chordSize = caps.fileNotes / caps.melodyNotes;
  const noteEvents = caps.fileNotes * 2;
  const events: number[] = [0x00, 0xb0, 1, 0];
  for (let i = 1; i < caps.events - noteEvents - 1; i++) events.push(0x00, 1, i & 127);
  events.push(0x00, 0x90, 50, 80);
  for (let onset = 0; onset < caps.melodyNotes; onset++) {
    for (let n = onset === 0 ? 1 : 0; n < chordSize; n++) events.push(0x00, 50 + n, 80);
    // note on at velocity 0 ends a note, so the whole file keeps one running status
    for (let n = 0; n < chordSize; n++) events.push(n === 0 ? 24 : 0, 50 + n, 0);
  }
  return midiFileOf(events);
}
