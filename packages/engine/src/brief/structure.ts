// Structure hints ("intro", "build", "drop", "puente", "Refrain"), loop requests and the energy
// curve they shape.
import type { Rng } from '../random.js';
import type { SectionName } from '../types.js';
import { clamp, PhraseIndex, roundTo, type Token, type Words } from './text.js';

// biome-ignore format: compact data table, one entry per line
const SECTION_WORDS: Partial<Record<SectionName, Words>> = {
  intro: { en: ['intro', 'introduction', 'opening'], es: ['introduccion', 'intro'], fr: ['introduction', 'intro'], de: ['intro', 'einleitung', 'einstieg'], pt: ['introducao', 'intro'] },
  build: { en: ['build', 'build up', 'buildup', 'builds', 'riser', 'rising', 'crescendo', 'swell'], es: ['subida', 'crescendo', 'build up'], fr: ['montee', 'crescendo'], de: ['aufbau', 'steigerung', 'crescendo'], pt: ['subida', 'crescendo', 'build up'] },
  drop: { en: ['drop', 'drops', 'bass drop'], es: ['drop', 'caida'], fr: ['drop'], de: ['drop'], pt: ['drop'] },
  breakdown: { en: ['breakdown', 'break down', 'breakdowns'], es: ['breakdown', 'quiebre'], fr: ['breakdown'], de: ['breakdown'], pt: ['breakdown'] },
  bridge: { en: ['bridge', 'middle eight', 'middle 8'], es: ['puente'], fr: ['pont'], de: ['brucke', 'bridge', 'mittelteil'], pt: ['ponte'] },
  outro: { en: ['outro', 'ending', 'coda', 'fade out', 'fadeout', 'fade-out'], es: ['cierre', 'final', 'coda'], fr: ['outro', 'coda', 'fin'], de: ['outro', 'schluss', 'ausklang', 'coda'], pt: ['encerramento', 'final', 'coda'] },
  chorus: { en: ['chorus', 'choruses', 'hook', 'refrain'], es: ['estribillo'], fr: ['refrain'], de: ['refrain'], pt: ['refrao'] },
  verse: { en: ['verse', 'verses'], es: ['estrofa', 'estrofas'], fr: ['couplet', 'couplets'], de: ['strophe', 'strophen'], pt: ['estrofe', 'estrofes'] },
};
// biome-ignore format: compact data table, one entry per line
const LOOP_WORDS = ['loop', 'loops', 'looping', 'loopable', 'seamless', 'seamless loop', 'bucle', 'en bucle', 'boucle', 'en boucle', 'schleife', 'endlosschleife', 'em loop', 'ciclo continuo'];

// Phrases that contain a section word but name something else ("one drop" is a reggae groove).
const NOT_SECTIONS = ['one drop', 'drop d', 'drop c', 'drop tuning', 'drop tuned', 'coffee break', 'fade in'];

let sectionIndex: PhraseIndex<SectionName | null> | undefined;
let loopIndex: PhraseIndex<true> | undefined;

/** Sections the prompt asks for, in order of first mention. */
export function findStructureHints(tokens: readonly Token[]): SectionName[] {
  if (!sectionIndex) {
    sectionIndex = new PhraseIndex<SectionName | null>();
    for (const section of Object.keys(SECTION_WORDS) as SectionName[]) {
      sectionIndex.addWords(SECTION_WORDS[section]!, section);
    }
    for (const phrase of NOT_SECTIONS) sectionIndex.add(phrase, null);
  }
  const hints: SectionName[] = [];
  for (const { payload } of sectionIndex.find(tokens)) {
    if (payload && !hints.includes(payload)) hints.push(payload);
  }
  return hints;
}

/** True when the prompt asks for a seamless loop. */
export function findLoopRequest(tokens: readonly Token[]): boolean {
  if (!loopIndex) {
    loopIndex = new PhraseIndex<true>();
    for (const word of LOOP_WORDS) loopIndex.add(word, true);
  }
  return loopIndex.find(tokens).length > 0;
}

export const ENERGY_POINTS = 8;
// Intro, verse, chorus, verse, bridge-ish dip, chorus, final chorus, outro.
const DEFAULT_SHAPE = [0.3, 0.55, 0.75, 0.6, 0.8, 0.95, 1, 0.45];
// Calm music breathes rather than climbs.
const CALM_SHAPE = [0.55, 0.7, 0.8, 0.75, 0.85, 0.8, 0.75, 0.5];

/** Energy per form position, 0..1: arousal sets the level, hints shape it (a build rises, a drop peaks). */
export function buildEnergyCurve(
  arousal: number,
  hints: readonly SectionName[],
  loop: boolean,
  rng: Rng,
): number[] {
  const shape = [...(arousal < 0.3 ? CALM_SHAPE : DEFAULT_SHAPE)];
  if (hints.includes('build')) [shape[1], shape[2], shape[3]] = [0.45, 0.65, 0.85];
  if (hints.includes('drop')) [shape[3], shape[4], shape[5]] = [hints.includes('build') ? 0.9 : 0.7, 1, 0.9];
  if (hints.includes('breakdown')) [shape[5], shape[6]] = [0.35, 1];
  if (hints.includes('bridge')) shape[4] = Math.min(shape[4]!, 0.5);
  if (hints.includes('intro')) shape[0] = Math.min(shape[0]!, 0.25);
  if (hints.includes('outro')) shape[7] = Math.min(shape[7]!, 0.3);
  if (loop) {
    const edge = (shape[0]! + shape[7]!) / 2 + 0.15;
    shape[0] = edge;
    shape[7] = edge;
  }
  const low = 0.08 + 0.35 * arousal;
  const high = 0.35 + 0.65 * arousal;
  return shape.map((value, index) => {
    const jitter = index === 0 || index === shape.length - 1 ? 0 : rng.range(-0.04, 0.04);
    return roundTo(clamp(low + (high - low) * value + jitter, 0, 1), 3);
  });
}
