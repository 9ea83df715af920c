// Voices: the marketplace catalogue, searchable and filterable, each with a preview to play.
import type { Voice, VoiceListParams } from '@trackforge/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { client, errorText, sameOriginPath } from '../api.js';
import { ErrorNote } from '../components/error-note.js';
import { usePagedQuery } from '../data.js';

const GENDERS = ['female', 'male', 'neutral'] as const;
const RANGES = ['soprano', 'mezzo', 'alto', 'tenor', 'baritone', 'bass'] as const;
const STYLES = [
  'pop',
  'soul',
  'rnb',
  'jazz',
  'gospel',
  'choir',
  'operatic',
  'folk',
  'country',
  'rock',
  'blues',
  'electronic',
  'robotic',
  'synthwave',
  'airy',
  'breathy',
  'cinematic',
  'ambient',
  'lofi',
  'latin',
  'afrobeat',
  'celtic',
  'chant',
] as const;

type Filters = { q: string; gender: string; range: string; style: string };

function Filter(props: {
  label: string;
  name: keyof Filters;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <select
        name={props.name}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        <option value="">Any</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}

export function VoicesPage() {
  const [filters, setFilters] = useState<Filters>({ q: '', gender: '', range: '', style: '' });
  const [searched, setSearched] = useState(filters);
  const [playing, setPlaying] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  // A short pause so typing a search does not send a request per key.
  useEffect(() => {
    const timer = setTimeout(() => setSearched(filters), 200);
    return () => clearTimeout(timer);
  }, [filters]);
  const params: VoiceListParams = { limit: 24 };
  for (const [key, value] of Object.entries(searched)) {
    if (value.trim()) (params as Record<string, string>)[key] = value.trim();
  }
  const key = `voices:${JSON.stringify(params)}`;
  // Further pages belong to one search: a new search is a new key, read from its first page.
  const list = usePagedQuery<Voice>(key, async () => await client.voices.list(params));
  const voices = list.items;
  const error = previewError ?? list.error?.message ?? null;

  const set = (key: keyof Filters) => (value: string) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const toggle = (voice: Voice) => {
    const element = audio.current;
    if (!element) return;
    if (playing === voice.id) {
      element.pause();
      setPlaying(null);
      return;
    }
    element.src = sameOriginPath(voice.preview_url) ?? '';
    setPlaying(voice.id);
    void element.play().catch((failure) => {
      setPlaying(null);
      setPreviewError(`The preview could not play: ${errorText(failure)}`);
    });
  };
  return (
    <section>
      <h1>Voices</h1>
      <form class="filters" aria-label="Filter voices" onSubmit={(event) => event.preventDefault()}>
        <label>
          Search
          <input
            type="search"
            name="q"
            placeholder="name, style, tag…"
            value={filters.q}
            onInput={(event) => set('q')(event.currentTarget.value)}
          />
        </label>
        <Filter
          label="Gender"
          name="gender"
          value={filters.gender}
          options={GENDERS}
          onChange={set('gender')}
        />
        <Filter label="Range" name="range" value={filters.range} options={RANGES} onChange={set('range')} />
        <Filter label="Style" name="style" value={filters.style} options={STYLES} onChange={set('style')} />
      </form>
      <ErrorNote message={error} />
      <p class="muted" aria-live="polite">
        {list.loading && voices.length === 0
          ? 'Loading…'
          : `${voices.length}${list.hasMore ? '+' : ''} voices`}
      </p>
      {/* biome-ignore lint/a11y/useMediaCaption: voice previews are sung, not spoken */}
      <audio ref={audio} preload="none" onEnded={() => setPlaying(null)} class="visually-hidden" />
      <ul class="cards voices">
        {voices.map((voice) => (
          <li key={voice.id} class="card voice" data-voice-id={voice.id}>
            <h2>{voice.name}</h2>
            <p class="muted">
              {voice.gender} · {voice.range}
              {voice.plan_required && <span class="badge"> · {voice.plan_required} plan</span>}
            </p>
            <p>{voice.description}</p>
            {voice.styles.length > 0 && <p class="tags">{voice.styles.join(' · ')}</p>}
            {/* what renders: sung (lyrics, in its languages), wordless or instrumental */}
            <p class="muted">
              {voice.vocal} · {voice.timbre}
            </p>
            <button
              type="button"
              class="secondary"
              aria-pressed={playing === voice.id}
              onClick={() => toggle(voice)}
            >
              {playing === voice.id ? 'Stop preview' : 'Play preview'}
              <span class="visually-hidden"> of {voice.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {list.hasMore && (
        <button type="button" class="secondary" disabled={list.loading} onClick={list.loadMore}>
          Load more voices
        </button>
      )}
    </section>
  );
}
