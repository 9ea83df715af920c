// Builds the final part list. A prompt that names its genre gets the genre's ensemble, bent to the
// instruments it names (a named instrument leads); one that names instruments but no genre, or says
// "solo", "only", "duet", "trio", gets exactly those players (a lone melody instrument gets the
// genre's chords under it, never a rhythm section it did not ask for). Exclusions come off last, then
// the list is repaired so composition can always play it (≤ 8 parts, exactly one lead, at most one
// drum kit, a bass where the genre's ensemble has one).
import type { InstrumentChoice, PartRole } from '../types.js';
import { addNamed, gmFamily, isMelodic, type Slot } from './arrangement-slots.js';
import { isExcluded } from './exclusions.js';
import type { GenreProfile } from './genres.js';
import type { InstrumentMention } from './instrument-mentions.js';
import { addHarmonyUnder, fillToSize, leadFromNamed, namedSlots } from './named-ensemble.js';

export const MAX_PARTS = 8;
/** Energy from which a genre's energetic kit replaces its usual one. */
const ENERGETIC_KIT_FROM_AROUSAL = 0.8;
// Playable stand-ins when exclusions removed every melodic part.
const FALLBACK_LEADS = [0, 4, 48, 89, 73, 11, 24, 80, 53, 56, 71, 22, 105, 46];
const FALLBACK_BASSES = [33, 32, 38, 43, 58, 35, 42, 89];

export interface ArrangementInput {
  genre: GenreProfile;
  secondaryGenre: GenreProfile | null;
  mentions: readonly InstrumentMention[];
  exclusions: readonly string[];
  arousal: number;
  /** The prompt names its genre ("jazz", "house"); a genre read from moods or instruments is not named. */
  genreNamed: boolean;
  /** Players asked for by "duet", "trio", "quartet"…, or null. */
  ensembleSize: number | null;
}

function blendSecondary(slots: Slot[], secondary: GenreProfile): void {
  const families = new Set(
    slots.filter((slot) => !slot.choice.isDrums).map((slot) => gmFamily(slot.choice.program)),
  );
  const candidate = secondary.instruments.find(
    (choice) => isMelodic(choice) && !families.has(gmFamily(choice.program)),
  );
  if (!candidate) return;
  const role: PartRole =
    candidate.role === 'lead' ? 'counter' : candidate.role === 'chords' ? 'pad' : candidate.role;
  slots.push({ choice: { ...candidate, role }, named: false });
}

function firstAllowed(
  programs: readonly number[],
  exclusions: readonly string[],
  make: (program: number) => InstrumentChoice,
): InstrumentChoice | null {
  for (const program of [...programs, ...Array.from({ length: 128 }, (_, index) => index)]) {
    const choice = make(program);
    if (!isExcluded(exclusions, choice)) return choice;
  }
  return null;
}

function ensureOneLead(slots: Slot[], exclusions: readonly string[], genre: GenreProfile): void {
  if (!slots.some((slot) => isMelodic(slot.choice))) {
    const genreLead = genre.instruments.find((choice) => choice.role === 'lead');
    const lead = firstAllowed([genreLead?.program ?? 0, ...FALLBACK_LEADS], exclusions, (program) => ({
      name: program === genreLead?.program ? genreLead.name : 'lead',
      program,
      role: 'lead',
      isDrums: false,
    }));
    if (lead) slots.push({ choice: lead, named: false });
  }
  const leads = slots.filter((slot) => slot.choice.role === 'lead' && !slot.choice.isDrums);
  if (leads.length === 0) {
    for (const role of ['counter', 'arp', 'chords', 'pad'] as const) {
      const promoted = slots.find((slot) => slot.choice.role === role && !slot.choice.isDrums);
      if (promoted) {
        promoted.choice = { ...promoted.choice, role: 'lead' };
        break;
      }
    }
  }
  const keep = leads.find((slot) => slot.named) ?? leads[0];
  for (const slot of leads) if (slot !== keep) slot.choice = { ...slot.choice, role: 'counter' };
}

function ensureBass(slots: Slot[], input: ArrangementInput): void {
  if (slots.some((slot) => slot.choice.role === 'bass')) return;
  const genreBass = input.genre.instruments.find((choice) => choice.role === 'bass');
  if (!genreBass || input.exclusions.includes('bass')) return;
  const bass = firstAllowed([genreBass.program, ...FALLBACK_BASSES], input.exclusions, (program) => ({
    name: program === genreBass.program ? genreBass.name : 'bass',
    program,
    role: 'bass',
    isDrums: false,
  }));
  if (bass) slots.push({ choice: bass, named: false });
}

// Lower index = dropped first when there are more than MAX_PARTS.
const DROP_ORDER: readonly PartRole[] = [
  'counter',
  'arp',
  'pad',
  'percussion',
  'chords',
  'bass',
  'drums',
  'lead',
];

function capParts(slots: Slot[]): void {
  while (slots.length > MAX_PARTS) {
    let victim = -1;
    for (const named of [false, true]) {
      for (const role of DROP_ORDER) {
        if (role === 'lead') continue;
        victim = slots.findLastIndex((slot) => slot.named === named && slot.choice.role === role);
        if (victim >= 0) break;
      }
      if (victim >= 0) break;
    }
    slots.splice(victim >= 0 ? victim : slots.length - 1, 1);
  }
}

/** The playable part list for a brief. */
export function arrangeInstruments(input: ArrangementInput): InstrumentChoice[] {
  const onlyMode = input.mentions.some((mention) => mention.only);
  const namesMelody = input.mentions.some((mention) => !mention.word.isDrums);
  // Without a named genre the named instruments are the ensemble: "calm piano" is a piano piece.
  const namedEnsemble = onlyMode || input.ensembleSize !== null || (namesMelody && !input.genreNamed);
  let slots: Slot[];
  if (namedEnsemble) {
    slots = namedSlots(input.mentions, input.genre);
    if (input.ensembleSize !== null && !onlyMode) fillToSize(slots, input.ensembleSize, input);
    else if (!onlyMode) addHarmonyUnder(slots, input);
    leadFromNamed(slots, true, input.genreNamed);
  } else {
    slots = input.genre.instruments.map((choice) => ({ choice: { ...choice }, named: false }));
    if (input.secondaryGenre) blendSecondary(slots, input.secondaryGenre);
    for (const mention of input.mentions) addNamed(slots, mention, input.genre);
    leadFromNamed(slots, false, true);
  }
  slots = slots.filter((slot) => !isExcluded(input.exclusions, slot.choice));
  // Calm prompts get fewer parts (MUSIC.md: calm → fewer parts, sparser texture).
  if (input.arousal < 0.25) {
    for (let index = slots.length - 1; index >= 0 && slots.length > 3; index--) {
      const slot = slots[index]!;
      if (!slot.named && ['counter', 'arp', 'percussion'].includes(slot.choice.role)) slots.splice(index, 1);
    }
  }
  const drums = slots.find((slot) => slot.choice.role === 'drums');
  const { energeticDrumKit } = input.genre;
  if (drums && energeticDrumKit !== undefined && input.arousal >= ENERGETIC_KIT_FROM_AROUSAL) {
    if (drums.choice.program === input.genre.drumKit)
      drums.choice = { ...drums.choice, program: energeticDrumKit };
  }
  let percussionSeen = false;
  slots = slots.filter((slot) => {
    if (slot.choice.role === 'drums') return slot === drums;
    if (slot.choice.isDrums) {
      if (percussionSeen) return false;
      percussionSeen = true;
      slot.choice = {
        ...slot.choice,
        role: 'percussion',
        program: drums?.choice.program ?? slot.choice.program,
      };
    }
    return true;
  });
  if (!namedEnsemble) ensureBass(slots, input);
  ensureOneLead(slots, input.exclusions, input.genre);
  capParts(slots);
  return slots.map((slot) => slot.choice);
}
