// Which of the engine's singers sings a track: the voice's own, or one the brief suggests (a
// seeded pick among those whose range suits the delivery), so lyrics never go unsung.
import { createRng } from '../random.js';
import type { Brief, VoiceSpec } from '../types.js';
import { SINGERS, type SingerSpec } from '../vocals/sing.js';
import type { Delivery } from './vocal-rhythm.js';

/** The singer with this id, or undefined. */
export function findSinger(id: string): SingerSpec | undefined {
  return SINGERS.find((singer) => singer.id === id);
}

/** The singer for a track: the voice's when it names one, else a seeded choice. */
export function chooseSinger(
  brief: Brief,
  seed: number,
  delivery: Delivery,
  voice: VoiceSpec | undefined,
): SingerSpec {
  const own = voice?.singerId === undefined ? undefined : findSinger(voice.singerId);
  if (own) return own;
  // the recorded voices carry words best (the formant voice's are only partly clear): it sings
  // only when asked for by name; rap sits in the speaking range, so the lower voices carry it
  const recorded = SINGERS.filter((singer) => singer.model !== 'formant');
  const sorted = [...(recorded.length > 0 ? recorded : SINGERS)].sort(
    (a, b) => a.rangeMidi[0] - b.rangeMidi[0] || a.id.localeCompare(b.id),
  );
  const pool = delivery === 'rap' ? sorted.slice(0, Math.max(1, Math.ceil(sorted.length / 2))) : sorted;
  const rng = createRng(seed).fork(`singer:${brief.genre}`);
  return rng.pick(pool);
}
