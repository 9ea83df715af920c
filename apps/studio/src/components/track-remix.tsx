// Extend and vary a ready track from its page, each in two clicks: open the panel (its defaults
// are ready to go), then the button that names the cost. The new track opens on its own page,
// which follows it to ready.
import type { Track, TrackVariationParams } from '@trackforge/sdk';
import { useState } from 'preact/hooks';
import { client, errorText } from '../api.js';
import { navigate } from '../router.js';
import { refreshSession, useSession } from '../session.js';
import { type PlanSection, planRequest, SectionTimeline } from './section-timeline.js';

const COST_CREDITS = 1;
const MAX_TRACK_SECONDS = 600;
type Part = TrackVariationParams['keep'][number];
const PARTS: [Part, string][] = [
  ['lead', 'Lead melody'],
  ['counter', 'Counter-melody'],
  ['chords', 'Chords'],
  ['pad', 'Pad'],
  ['arp', 'Arpeggio'],
  ['bass', 'Bass'],
  ['drums', 'Drums'],
  ['percussion', 'Percussion'],
];

function Cost() {
  const session = useSession();
  const balance = session.status === 'signed-in' ? session.me.workspace.credits.balance : 0;
  return (
    <span class="cost">
      {COST_CREDITS} credit · you have {balance}
    </span>
  );
}

/** Runs a request that queues a new track, then opens it. */
function useQueue(): [boolean, string | null, (queue: () => Promise<Track>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (queue: () => Promise<Track>) => {
    setBusy(true);
    setError(null);
    try {
      const created = await queue();
      void refreshSession();
      navigate(`/studio/tracks/${created.id}`);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return [busy, error, run];
}

export function ExtendPanel(props: { track: Track }) {
  const { track } = props;
  const room = Math.floor(MAX_TRACK_SECONDS - track.duration_seconds);
  const [mode, setMode] = useState<'seconds' | 'sections'>('seconds');
  const [seconds, setSeconds] = useState(Math.max(5, Math.min(30, room)));
  const [plan, setPlan] = useState<PlanSection[]>([
    { name: 'chorus', bars: 8, energy: 0.85, instruments: '' },
    { name: 'outro', bars: 4, energy: 0.3, instruments: '' },
  ]);
  const [busy, error, run] = useQueue();
  const bpm = Math.round(track.music?.bpm ?? 120);
  const beatsPerBar = Number(track.music?.time_signature.split('/')[0] ?? 4) || 4;
  if (track.loop) return <p class="muted">A seamless loop cannot be extended.</p>;
  if (room < 5) return <p class="muted">This track is already close to the 600 s limit.</p>;
  return (
    <form
      class="stack remix"
      aria-label="Extend"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() =>
          client.tracks.extend(track.id, mode === 'seconds' ? { seconds } : { sections: planRequest(plan) }),
        );
      }}
    >
      <fieldset class="choice">
        <legend>Continue with</legend>
        <label class="check">
          <input
            type="radio"
            name="extend-mode"
            checked={mode === 'seconds'}
            onChange={() => setMode('seconds')}
          />
          more seconds in the same form
        </label>
        <label class="check">
          <input
            type="radio"
            name="extend-mode"
            checked={mode === 'sections'}
            onChange={() => setMode('sections')}
          />
          more sections
        </label>
      </fieldset>
      {mode === 'seconds' ? (
        <label>
          Seconds to add
          <input
            type="number"
            min={5}
            max={room}
            value={seconds}
            onInput={(event) => setSeconds(Number(event.currentTarget.value))}
          />
        </label>
      ) : (
        <SectionTimeline
          label="Sections to add (they replace the ending)"
          sections={plan}
          onChange={setPlan}
          secondsPerBar={(60 / bpm) * beatsPerBar}
          bpm={bpm}
          bpmIsEstimate={false}
          durationSeconds={null}
        />
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p class="row">
        <button type="submit" disabled={busy || (mode === 'sections' && plan.length === 0)}>
          {busy ? 'Queuing…' : mode === 'seconds' ? `Extend by ${seconds} s` : 'Extend with these sections'}
        </button>
        <Cost />
      </p>
    </form>
  );
}

export function VariationPanel(props: { track: Track }) {
  const [keep, setKeep] = useState<Part[]>(['drums', 'bass']);
  const [busy, error, run] = useQueue();
  return (
    <form
      class="stack remix"
      aria-label="Make a variation"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => client.tracks.createVariation(props.track.id, { keep }));
      }}
    >
      <fieldset class="parts">
        <legend>Keep these parts note for note; the rest is written again</legend>
        {PARTS.map(([part, label]) => (
          <label key={part} class="check">
            <input
              type="checkbox"
              name="keep"
              value={part}
              checked={keep.includes(part)}
              onChange={(event) =>
                setKeep(
                  event.currentTarget.checked
                    ? [...keep, part]
                    : keep.filter((candidate) => candidate !== part),
                )
              }
            />
            {label}
          </label>
        ))}
      </fieldset>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p class="row">
        <button type="submit" disabled={busy}>
          {busy ? 'Queuing…' : 'Make the variation'}
        </button>
        <Cost />
      </p>
    </form>
  );
}
