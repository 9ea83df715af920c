// Create: prompt, duration, tempo, key, seed, loop and voice, plus the musical inputs the API takes:
// chords (checked as typed by the engine's parser), a section plan on a timeline, a MIDI melody
// drawn as a piano roll, and lyrics with section tags for a singing voice. The SDK's createAndWait queues the track and follows it to ready over the
// job socket (polling where no socket opens); its onUpdate drives the progress and the live player.
// `?from=trk_…` fills the form from a track, to make it again with changes (its melody too: the API
// keeps the notes read from the file and gives them back as a MIDI file).

import { readMelody } from '@trackforge/engine/inputs';
import type { Track, TrackCreateParams } from '@trackforge/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { client, errorCode, errorParam, errorText, fetchFile, sameOriginPath } from '../api.js';
import { ChordField, chordsInvalid } from '../components/chord-field.js';
import { checkLyrics, LyricsField } from '../components/lyrics-field.js';
import { type Melody, MelodyDrop } from '../components/melody-drop.js';
import {
  type PlanSection,
  planFromRequest,
  planRequest,
  SectionTimeline,
} from '../components/section-timeline.js';
import { TrackProgress } from '../components/track-progress.js';
import { useQuery } from '../data.js';
import { KEY_TONICS } from '../music/chord-check.js';
import { refreshSession, useSession } from '../session.js';

const EXAMPLES = [
  'mellow lofi piano for studying, rainy evening',
  'upbeat synthwave with driving bass, night drive',
  'sunny ukulele and handclaps, happy folk',
  'dark cinematic trailer, big drums and strings',
];

export const TRACK_COST_CREDITS = 1;
const DEFAULT_DURATION_SECONDS = 30;
// A plan's length in seconds depends on the tempo, which the prompt decides when none is set; the
// timeline shows it at this stand-in until a tempo is chosen.
const ESTIMATE_BPM = 120;
const KEYS = KEY_TONICS.flatMap((tonic) => [`${tonic} major`, `${tonic} minor`]);

export function CreatePage(props: { url: URL }) {
  const session = useSession();
  const balance = session.status === 'signed-in' ? session.me.workspace.credits.balance : 0;
  const [prompt, setPrompt] = useState('');
  const [durationSeconds, setDurationSeconds] = useState(DEFAULT_DURATION_SECONDS);
  const [bpm, setBpm] = useState('');
  const [keyName, setKeyName] = useState('');
  const [voiceId, setVoiceId] = useState('');
  const [seed, setSeed] = useState('');
  const [loop, setLoop] = useState(false);
  const [chords, setChords] = useState('');
  const [plan, setPlan] = useState<PlanSection[]>([]);
  const [melody, setMelody] = useState<Melody | null>(null);
  const [lyrics, setLyrics] = useState('');
  const [lyricsError, setLyricsError] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; code?: string | undefined } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [track, setTrack] = useState<Track | null>(null);
  const preview = useRef<HTMLAudioElement>(null);
  const waiting = useRef<AbortController | null>(null);
  const voices = useQuery(
    'voices:by-name',
    async () => await client.voices.list({ limit: 100, sort: 'name' }),
  );
  const fromId = props.url.searchParams.get('from');
  const source = useQuery(fromId ? `track:${fromId}` : null, () => client.tracks.retrieve(fromId!));
  const sourceMelody = source.data?.object === 'track' ? source.data.inputs?.melody : null;
  // The melody the track followed, as the API gives it back (a MIDI file of the notes it kept).
  const keptMelody = useQuery(sourceMelody && fromId ? `melody:${fromId}` : null, async () => {
    const bytes = await fetchFile(`/v1/tracks/${encodeURIComponent(fromId!)}/melody`);
    return { fileName: 'the melody it followed', bytes, melody: readMelody(bytes) } satisfies Melody;
  });

  useEffect(() => () => waiting.current?.abort(), []);

  // Making a track again: the form starts from what it was made from.
  useEffect(() => {
    const from = source.data;
    if (from?.object !== 'track') return;
    setPrompt(from.prompt);
    setDurationSeconds(Math.round(from.duration_seconds));
    setBpm(from.bpm ? String(from.bpm) : '');
    setKeyName(from.key ?? '');
    setSeed(String(from.seed));
    setLoop(from.loop);
    setVoiceId(from.voice_id ?? '');
    setChords(from.inputs?.chords ?? '');
    setLyrics(from.inputs?.lyrics ?? '');
    const playedBpm = from.music?.bpm ?? ESTIMATE_BPM;
    setPlan(from.inputs?.sections ? planFromRequest(from.inputs.sections, (60 / playedBpm) * 4) : []);
  }, [source.data?.id]);
  // …and from its melody, once its notes are back (removing it afterwards is a choice to keep).
  useEffect(() => {
    if (keptMelody.data) setMelody(keptMelody.data);
  }, [keptMelody.data]);

  const tempo = Number(bpm) >= 40 && Number(bpm) <= 240 ? Number(bpm) : (melody?.melody.bpm ?? null);
  const shownBpm = tempo ?? ESTIMATE_BPM;
  const beatsPerBar = melody?.melody.meter?.beatsPerBar ?? 4;
  const secondsPerBar = (60 / shownBpm) * beatsPerBar;
  const voiceList = voices.data?.data ?? [];
  const voice = voiceList.find((candidate) => candidate.id === voiceId);
  const singers = voiceList.filter((candidate) => candidate.vocal === 'sung');
  const others = voiceList.filter((candidate) => candidate.vocal !== 'sung');
  const hasLyrics = lyrics.trim() !== '';
  const lyricsCheck = checkLyrics(lyrics);
  // What the API does with the words and the chosen voice (POST /v1/tracks `lyrics`, `voice_id`).
  const voiceCannotSing = hasLyrics && voice !== undefined && voice.vocal !== 'sung';
  const voiceNote = !hasLyrics
    ? 'A voice that sings performs your lyrics; without lyrics it sings the melody on vowels.'
    : voiceCannotSing
      ? `${voice.name} is a ${voice.vocal} voice and takes no lyrics: choose a voice that sings, or “Any singer”.`
      : voice
        ? `${voice.name} sings these lyrics (rapped for hip hop and trap, or a prompt that asks for rap).`
        : 'No voice chosen: the engine picks one of its singers for these lyrics (a lower voice for rap).';

  const submit = async () => {
    setError(null);
    setLyricsError(null);
    setSubmitting(true);
    setTrack(null);
    waiting.current?.abort();
    const controller = new AbortController();
    waiting.current = controller;
    const params: TrackCreateParams = {
      prompt,
      duration: `${durationSeconds}s`,
      ...(voiceId ? { voice_id: voiceId } : {}),
      ...(seed.trim() ? { seed: Number(seed) } : {}),
      ...(bpm.trim() ? { bpm: Number(bpm) } : {}),
      ...(keyName ? { key: keyName } : {}),
      ...(chords.trim() ? { chords: chords.trim() } : {}),
      ...(plan.length > 0 ? { sections: planRequest(plan) } : {}),
      ...(melody ? { melody: melody.bytes } : {}),
      ...(hasLyrics ? { lyrics } : {}),
      loop,
    };
    let created = false;
    try {
      const finished = await client.tracks.createAndWait(params, {
        signal: controller.signal,
        onUpdate: (next) => {
          if (!created) {
            created = true;
            setSubmitting(false);
            void refreshSession();
          }
          // Events may arrive out of order with a poll: progress never goes backwards.
          setTrack((previous) =>
            previous?.id === next.id && previous.progress > next.progress && next.status === 'generating'
              ? previous
              : next,
          );
        },
      });
      setTrack(finished);
      void refreshSession();
    } catch (failure) {
      if (controller.signal.aborted) return;
      if (created) return;
      // An answer about the words belongs next to the box that holds them.
      if (errorParam(failure) === 'lyrics') {
        setLyricsError(errorText(failure).replace(/^lyrics: /, ''));
        setError({ message: 'The lyrics need a change: see the note under them.' });
      } else setError({ message: errorText(failure), code: errorCode(failure) });
    } finally {
      setSubmitting(false);
    }
  };

  const chordsBad = chordsInvalid(chords);
  return (
    <section>
      <h1>Create a track</h1>
      {fromId && source.data && (
        <p class="notice">
          Making “{source.data.title}” again: change anything, then create.
          {sourceMelody &&
            (keptMelody.error
              ? ` It followed a melody of ${sourceMelody.note_count} notes that could not be loaded (${keptMelody.error.message}); drop its MIDI file again to keep it.`
              : ` It followed a melody of ${sourceMelody.note_count} notes: it is loaded below; remove it to make the track without.`)}
        </p>
      )}
      <form
        class="stack create"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label>
          Prompt
          <textarea
            name="prompt"
            required
            maxLength={2000}
            rows={3}
            placeholder="What should it sound like?"
            value={prompt}
            onInput={(event) => setPrompt(event.currentTarget.value)}
          />
        </label>
        <fieldset class="examples">
          <legend>Examples</legend>
          {EXAMPLES.map((example) => (
            <button key={example} type="button" class="chip" onClick={() => setPrompt(example)}>
              {example}
            </button>
          ))}
        </fieldset>
        <div class="row fields">
          <label>
            Duration (seconds)
            <input
              type="number"
              name="duration"
              min={5}
              max={600}
              step={1}
              required
              value={durationSeconds}
              onInput={(event) => {
                setDurationSeconds(Number(event.currentTarget.value));
                setLyricsError(null);
              }}
            />
          </label>
          <label>
            Tempo (bpm)
            <input
              type="number"
              name="bpm"
              min={40}
              max={240}
              step={1}
              placeholder="auto"
              value={bpm}
              onInput={(event) => setBpm(event.currentTarget.value)}
            />
          </label>
          <label>
            Key
            <select name="key" value={keyName} onChange={(event) => setKeyName(event.currentTarget.value)}>
              <option value="">auto</option>
              {KEYS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Seed
            <input
              type="number"
              name="seed"
              min={0}
              max={4294967295}
              step={1}
              placeholder="random"
              aria-describedby="seed-hint"
              value={seed}
              onInput={(event) => setSeed(event.currentTarget.value)}
            />
          </label>
          <label class="check">
            <input
              type="checkbox"
              name="loop"
              checked={loop}
              onChange={(event) => setLoop(event.currentTarget.checked)}
            />
            Seamless loop
          </label>
        </div>
        <p id="seed-hint" class="hint">
          The same seed and settings make the same track.
        </p>
        <ChordField value={chords} onChange={setChords} keyName={keyName} />
        <SectionTimeline
          label="Section plan (optional)"
          sections={plan}
          onChange={setPlan}
          secondsPerBar={secondsPerBar}
          bpm={shownBpm}
          bpmIsEstimate={tempo === null}
          durationSeconds={durationSeconds}
        />
        <MelodyDrop value={melody} onChange={setMelody} />
        <LyricsField
          value={lyrics}
          onChange={(next) => {
            setLyrics(next);
            setLyricsError(null);
          }}
          serverError={lyricsError}
          voiceNote={voiceNote}
          voiceNoteIsProblem={voiceCannotSing}
        />
        <div class="row">
          <label class="voice-pick">
            Voice
            <select
              name="voice"
              value={voiceId}
              aria-describedby="lyrics-voice"
              onChange={(event) => setVoiceId(event.currentTarget.value)}
            >
              <option value="">
                {hasLyrics ? 'Any singer (the engine picks)' : 'No voice (instrumental)'}
              </option>
              {singers.length > 0 && (
                <optgroup label="Sing lyrics">
                  {singers.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.name} — sings
                      {candidate.plan_required ? ` (${candidate.plan_required} plan)` : ''}
                    </option>
                  ))}
                </optgroup>
              )}
              {others.length > 0 && (
                <optgroup label="No lyrics (wordless or instrumental)">
                  {others.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.name} — {candidate.vocal}
                      {candidate.plan_required ? ` (${candidate.plan_required} plan)` : ''}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </label>
          <button
            type="button"
            class="secondary"
            disabled={!voice}
            onClick={() => {
              if (!voice || !preview.current) return;
              preview.current.src = sameOriginPath(voice.preview_url) ?? '';
              void preview.current.play().catch(() => undefined);
            }}
          >
            Preview voice
          </button>
          {/* biome-ignore lint/a11y/useMediaCaption: a wordless preview of a singing voice */}
          <audio ref={preview} preload="none" class="visually-hidden" />
        </div>
        <p class="cost" aria-live="polite">
          Costs {TRACK_COST_CREDITS} credit · you have <strong>{balance}</strong>{' '}
          {balance < TRACK_COST_CREDITS && (
            <>
              — <a href="/studio/workspace">get credits</a>
            </>
          )}
        </p>
        {error && (
          <p class="error" role="alert">
            {error.message}
            {error.code === 'insufficient_credits' && (
              <>
                {' '}
                <a href="/studio/workspace">Buy credits</a>
              </>
            )}
          </p>
        )}
        <button
          type="submit"
          disabled={
            submitting || !prompt.trim() || chordsBad || lyricsCheck.message !== null || voiceCannotSing
          }
        >
          {submitting ? 'Queuing…' : 'Create track'}
        </button>
      </form>

      {track && (
        <TrackProgress track={track} headingId="job-title">
          {track.status === 'ready' && (
            <p>
              <a class="button" href={`/studio/tracks/${track.id}`}>
                Open the track
              </a>{' '}
              <a href="/studio/library">Library</a>
            </p>
          )}
        </TrackProgress>
      )}
    </section>
  );
}
