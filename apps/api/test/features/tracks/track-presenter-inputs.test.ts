import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { presentTrack } from '../../../src/features/tracks/track.presenter.js';
import type { TrackRow } from '../../../src/features/tracks/track.repository.js';

const original = {
  prompt: 'folk',
  durationSeconds: 20,
  seed: 1,
  chords: 'C G Am F',
  sections: [{ name: 'verse', bars: 8 }],
};

function row(change: Partial<TrackRow>): TrackRow {
  return {
    id: 'trk_1',
    workspace_id: 'wsp_1',
    prompt: 'folk',
    title: 'Folk',
    duration: '20s',
    duration_seconds: 20,
    status: 'queued',
    progress: 0,
    visibility: 'private',
    voice_id: null,
    seed: 2,
    loop: false,
    bpm: null,
    key: null,
    webhook_url: null,
    metadata: {},
    inputs: null,
    music: null,
    audio: null,
    error: null,
    credits_charged: 1,
    kind: 'original',
    parent_track_id: null,
    lineage: null,
    created_at: new Date(0),
    started_at: null,
    completed_at: null,
    ...change,
  } as TrackRow;
}

describe('the inputs on the owner’s track', () => {
  it('shows a variation or extension the inputs of the track it was made from, through every generation', () => {
    const variation = row({ kind: 'variation', lineage: { kind: 'variation', from: original, keep: [] } });
    const extensionOfIt = row({
      kind: 'extension',
      lineage: {
        kind: 'extension',
        from: {
          ...original,
          chords: undefined,
          sections: undefined,
          variation: { from: original, keep: [] },
        },
      },
    });
    for (const track of [variation, extensionOfIt]) {
      assert.deepEqual(presentTrack(track, 'http://x').inputs, {
        chords: 'C G Am F',
        sections: [{ name: 'verse', bars: 8 }],
        melody: null,
        lyrics: null,
      });
    }
  });

  it('shows nothing for a track made from its prompt alone', () => {
    assert.deepEqual(presentTrack(row({}), 'http://x').inputs, {
      chords: null,
      sections: null,
      melody: null,
      lyrics: null,
    });
  });
});
