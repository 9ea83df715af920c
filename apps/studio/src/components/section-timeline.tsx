// A section plan as a timeline: one block per section, as wide as its bars; drag a block's right
// edge (or focus it and press the arrow keys) to resize it in whole bars. The chosen section's name,
// energy and instruments are edited below; the total is shown against the form's duration.
import { useRef, useState } from 'preact/hooks';

export interface PlanSection {
  name: string;
  bars: number;
  /** 0 (calm) … 1 (full). */
  energy: number;
  /** Comma-separated parts ("piano, drums"); empty: every part plays. */
  instruments: string;
}

/** The plan as POST /v1/tracks `sections` takes it. */
export function planRequest(sections: readonly PlanSection[]) {
  return sections.map((section) => {
    const instruments = section.instruments
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
    return {
      name: section.name.trim() || 'section',
      bars: section.bars,
      energy: section.energy,
      ...(instruments.length > 0 ? { instruments } : {}),
    };
  });
}

/** The plan a track was made with, for editing again. */
export function planFromRequest(
  sections: readonly {
    name: string;
    bars?: number;
    seconds?: number;
    energy?: number;
    instruments?: string[];
  }[],
  secondsPerBar: number,
): PlanSection[] {
  return sections.map((section) => ({
    name: section.name,
    bars: section.bars ?? Math.max(1, Math.round((section.seconds ?? secondsPerBar) / secondsPerBar)),
    energy: section.energy ?? 0.5,
    instruments: (section.instruments ?? []).join(', '),
  }));
}

const NEXT_NAMES = ['intro', 'verse', 'chorus', 'verse', 'chorus', 'bridge', 'chorus', 'outro'];
const NEXT_ENERGY: Record<string, number> = { intro: 0.3, verse: 0.5, chorus: 0.85, bridge: 0.6, outro: 0.3 };
const MAX_BARS = 64;
const MAX_SECTIONS = 64;

export interface SectionTimelineProps {
  sections: PlanSection[];
  onChange: (sections: PlanSection[]) => void;
  /** Seconds one bar lasts at the tempo the plan is shown at. */
  secondsPerBar: number;
  /** The tempo behind secondsPerBar, and whether it is the form's or a stand-in. */
  bpm: number;
  bpmIsEstimate: boolean;
  /** The form's duration, to compare the total against; null where there is none (an extension). */
  durationSeconds: number | null;
  /** Names the group, e.g. "Section plan" or "Sections to add". */
  label: string;
}

export function SectionTimeline(props: SectionTimelineProps) {
  const { sections, onChange } = props;
  const [selected, setSelected] = useState(0);
  const strip = useRef<HTMLDivElement>(null);
  const totalBars = sections.reduce((sum, section) => sum + section.bars, 0);
  const totalSeconds = totalBars * props.secondsPerBar;
  const current = sections[Math.min(selected, sections.length - 1)];
  const index = Math.min(selected, sections.length - 1);

  const update = (at: number, change: Partial<PlanSection>) =>
    onChange(sections.map((section, i) => (i === at ? { ...section, ...change } : section)));
  const resize = (at: number, bars: number) =>
    update(at, { bars: Math.max(1, Math.min(MAX_BARS, Math.round(bars))) });

  const add = () => {
    const name = NEXT_NAMES[sections.length % NEXT_NAMES.length]!;
    onChange([
      ...sections,
      {
        name,
        bars: name === 'intro' || name === 'outro' ? 4 : 8,
        energy: NEXT_ENERGY[name] ?? 0.5,
        instruments: '',
      },
    ]);
    setSelected(sections.length);
  };

  const startDrag = (at: number, event: PointerEvent) => {
    event.preventDefault();
    const width = strip.current?.getBoundingClientRect().width ?? 1;
    // Pixels per bar are fixed at the drag's start, so the block follows the pointer evenly.
    const pixelsPerBar = width / Math.max(totalBars, 1);
    const startX = event.clientX;
    const startBars = sections[at]!.bars;
    const handle = event.currentTarget as HTMLElement;
    handle.setPointerCapture(event.pointerId);
    const move = (next: PointerEvent) => resize(at, startBars + (next.clientX - startX) / pixelsPerBar);
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
    setSelected(at);
  };

  const tempoNote = props.bpmIsEstimate
    ? `at about ${props.bpm} bpm (set a tempo to be exact)`
    : `at ${props.bpm} bpm`;
  return (
    <fieldset class="plan">
      <legend>{props.label}</legend>
      {sections.length > 0 && (
        <>
          <div class="timeline" ref={strip}>
            {sections.map((section, at) => (
              <div
                key={at}
                class={`block energy-${Math.round(section.energy * 4)}${at === index ? ' selected' : ''}`}
                style={{ flexGrow: section.bars }}
              >
                <button
                  type="button"
                  class="block-name"
                  aria-pressed={at === index}
                  onClick={() => setSelected(at)}
                >
                  {section.name || 'section'} <span class="bars">{section.bars}</span>
                </button>
                <span
                  class="handle"
                  role="slider"
                  tabIndex={0}
                  aria-label={`Bars of ${section.name || 'section'} ${at + 1}`}
                  aria-valuemin={1}
                  aria-valuemax={MAX_BARS}
                  aria-valuenow={section.bars}
                  aria-valuetext={`${section.bars} bars`}
                  data-section={at}
                  onPointerDown={(event) => startDrag(at, event)}
                  onKeyDown={(event) => {
                    const step = {
                      ArrowRight: 1,
                      ArrowUp: 1,
                      ArrowLeft: -1,
                      ArrowDown: -1,
                      PageUp: 4,
                      PageDown: -4,
                    }[event.key];
                    if (step === undefined) return;
                    event.preventDefault();
                    resize(at, section.bars + step);
                  }}
                />
              </div>
            ))}
          </div>
          <p class="plan-total" aria-live="polite">
            {totalBars} bars ≈ {Math.round(totalSeconds)} s {tempoNote}
            {props.durationSeconds !== null &&
              (Math.abs(totalSeconds - props.durationSeconds) < 1
                ? ` — matches the ${props.durationSeconds} s duration`
                : ` — the plan sets the length, not the ${props.durationSeconds} s duration`)}
            {totalSeconds > 600 && <strong class="error"> — over the 600 s limit</strong>}
          </p>
        </>
      )}
      {current && (
        <div class="section-editor row">
          <label>
            Name
            <input
              value={current.name}
              maxLength={40}
              list="section-names"
              onInput={(event) => update(index, { name: event.currentTarget.value })}
            />
          </label>
          <datalist id="section-names">
            {['intro', 'verse', 'pre-chorus', 'chorus', 'bridge', 'drop', 'breakdown', 'outro'].map(
              (name) => (
                <option key={name} value={name} />
              ),
            )}
          </datalist>
          <label>
            Bars
            <input
              type="number"
              min={1}
              max={MAX_BARS}
              value={current.bars}
              onInput={(event) => {
                const bars = Number(event.currentTarget.value);
                if (bars >= 1) resize(index, bars);
              }}
            />
          </label>
          <label>
            Energy
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={current.energy}
              aria-valuetext={`${Math.round(current.energy * 100)} %`}
              onInput={(event) => update(index, { energy: Number(event.currentTarget.value) })}
            />
          </label>
          <label>
            Instruments
            <input
              value={current.instruments}
              placeholder="all; or piano, drums"
              onInput={(event) => update(index, { instruments: event.currentTarget.value })}
            />
          </label>
          <button
            type="button"
            class="secondary"
            onClick={() => {
              onChange(sections.filter((_, i) => i !== index));
              setSelected(Math.max(0, index - 1));
            }}
          >
            Remove {current.name || 'section'}
          </button>
        </div>
      )}
      <button type="button" class="secondary" disabled={sections.length >= MAX_SECTIONS} onClick={add}>
        Add section
      </button>
    </fieldset>
  );
}
