// The sung lines under the player, the line and the word being sung lit as the track plays, from
// music.lyrics and its words' times (the karaoke the API's timing is for). A click on a line plays
// from it. The page re-renders only when the line or word being sung changes, not every frame.
import type { PublicTrack } from '@trackforge/sdk';
import { useEffect, useState } from 'preact/hooks';
import { formatSeconds } from './waveform.js';

type SungLine = NonNullable<NonNullable<PublicTrack['music']>['lyrics']>[number];

/** Where `seconds` falls: the line sung then (or -1) and how many of its words have started. */
function sungPosition(lines: readonly SungLine[], seconds: number): { line: number; words: number } {
  const line = lines.findIndex((candidate) => seconds >= candidate.start && seconds < candidate.end);
  if (line < 0) return { line, words: 0 };
  const words = (lines[line]!.words ?? []).filter((word) => word.start <= seconds).length;
  return { line, words };
}

export function SungLyrics(props: { lines: readonly SungLine[]; audio: HTMLAudioElement | null }) {
  const { lines, audio } = props;
  const [at, setAt] = useState({ line: -1, words: 0 });
  useEffect(() => {
    if (!audio) return;
    let frame = 0;
    const follow = () => {
      const next = sungPosition(lines, audio.currentTime);
      setAt((now) => (now.line === next.line && now.words === next.words ? now : next));
      // a frame at a time while playing: timeupdate alone comes only about four times a second
      frame = audio.paused ? 0 : requestAnimationFrame(follow);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      follow();
    };
    for (const type of ['play', 'seeked', 'pause'] as const) audio.addEventListener(type, start);
    // the audio may already be playing (the page re-rendered with new track data mid-song)
    start();
    return () => {
      cancelAnimationFrame(frame);
      for (const type of ['play', 'seeked', 'pause'] as const) audio.removeEventListener(type, start);
    };
  }, [audio, lines]);

  return (
    <section class="sung-lyrics" aria-labelledby="sung-lyrics-title">
      <h2 id="sung-lyrics-title">Lyrics</h2>
      <ol>
        {lines.map((line, index) => {
          const current = index === at.line;
          const heading = index === 0 || lines[index - 1]!.section !== line.section;
          return (
            <li
              key={`${index}:${line.start}`}
              data-testid="sung-line"
              aria-current={current ? 'true' : undefined}
            >
              {heading && <span class="lyric-section">{line.section}</span>}
              <button
                type="button"
                class="sung-line"
                disabled={!audio}
                onClick={() => {
                  if (!audio) return;
                  audio.currentTime = line.start;
                  audio.play().catch(() => undefined);
                }}
              >
                <span class="muted">{formatSeconds(line.start)}</span>{' '}
                {current && line.words?.length ? (
                  // the words as sung ("24" is "twenty four"), each lit once it starts
                  line.words.map((word, w) => (
                    <span key={w} class={w < at.words ? 'sung' : undefined}>
                      {w > 0 ? ' ' : ''}
                      {word.text}
                    </span>
                  ))
                ) : (
                  <span>{line.text}</span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
