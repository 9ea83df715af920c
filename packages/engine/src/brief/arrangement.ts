// Builds the final part list. A prompt that names its genre gets the genre's ensemble, bent to the
// instruments it names (a named instrument leads); one that names instruments but no genre, or says
// "solo", "only", "duet", "trio", gets exactly those players (a lone melody instrument gets the
// genre's chords under it, never a rhythm section it did not ask for). Exclusions come off last, then
// the list is repaired so composition can always play it (≤ 8 parts, exactly one lead, at most one
// drum kit, a bass where the genre's ensemble has one).
import type { InstrumentChoice, PartRole } from '../types.js';
import { isExcluded } from './exclusions.js';
import type { GenreProfile } from './genres.js';
import type { InstrumentMention } from './instrument-mentions.js';

export const MAX_PARTS = 8;
/** Energy from which a genre's energetic kit replaces its usual one. */
const ENERGETIC_KIT_FROM_AROUSAL = 0.8;
const MELODIC_ROLES: readonly PartRole[] = ['lead', 'counter', 'chords', 'pad', 'arp'];
// Playable stand-ins when exclusions removed every melodic part.
const FALLBACK_LEADS = [0, 4, 48, 89, 73, 11, 24, 80, 53, 56, 71, 22, 105, 46];
const FALLBACK_BASSES = [33, 32, 38, 43, 58, 35, 42, 89];

interface Slot {
  choice: InstrumentChoice;
  named: boolean;
  /** The prompt gave this part its role ("cello lead", "piano chords"). */
  roleGiven?: boolean;
  /** Can carry the harmony alone (piano, guitar, harp, organ, choir). */
  polyphonic?: boolean;
  /** Played by the same player as another slot ("solo piano": the tune and its chords). */
  samePlayer?: boolean;
  /** A named instrument the genre's ensemble already had ("bossa nova with guitar"): it keeps its part. */
  inGenre?: boolean;
}

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

function mentionToChoice(mention: InstrumentMention, genre: GenreProfile): InstrumentChoice {
  const { word } = mention;
  const program = typeof word.program === 'function' ? word.program(genre) : word.program;
  return { name: word.name, program, role: mention.role ?? word.role, isDrums: Boolean(word.isDrums) };
}

const gmFamily = (program: number) => Math.floor(program / 8);
const isMelodic = (choice: InstrumentChoice) => !choice.isDrums && MELODIC_ROLES.includes(choice.role);

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

function addNamed(slots: Slot[], mention: InstrumentMention, genre: GenreProfile): void {
  const choice = mentionToChoice(mention, genre);
  const explicitRole = mention.role !== null;
  const before = new Set(slots);
  placeNamed(slots, choice, explicitRole);
  // Mark whichever slot now holds the named choice with what the prompt said about it.
  const placed =
    slots.find((slot) => !before.has(slot)) ??
    slots.find((slot) => slot.named && slot.choice.program === choice.program && !slot.choice.isDrums);
  if (placed && !placed.choice.isDrums) {
    placed.roleGiven = placed.roleGiven || explicitRole;
    placed.polyphonic = placed.polyphonic || Boolean(mention.word.polyphonic);
  }
}

function placeNamed(slots: Slot[], choice: InstrumentChoice, explicitRole: boolean): void {
  if (choice.role === 'drums') {
    const drums = slots.find((slot) => slot.choice.role === 'drums');
    if (drums) {
      if (!drums.named) drums.choice = choice;
      drums.named = true;
    } else slots.push({ choice, named: true });
    return;
  }
  if (choice.isDrums) {
    const percussion = slots.find((slot) => slot.choice.isDrums && slot.choice.role === 'percussion');
    if (percussion) percussion.named = true;
    else slots.push({ choice, named: true });
    return;
  }
  const same = slots.find(
    (slot) => !slot.choice.isDrums && slot.choice.program === choice.program && !slot.named,
  );
  if (same && (same.choice.role === choice.role || !explicitRole)) {
    same.named = true;
    same.inGenre = true;
    same.choice = { ...same.choice, name: choice.name };
    return;
  }
  if (same) {
    same.choice = { ...choice };
    same.named = true;
    return;
  }
  if (choice.role === 'lead' || choice.role === 'bass') {
    const existing = slots.find((slot) => slot.choice.role === choice.role);
    if (existing && !existing.named) {
      existing.choice = choice;
      existing.named = true;
      return;
    }
    if (existing && choice.role === 'bass') return;
    slots.push({
      choice: choice.role === 'lead' && existing ? { ...choice, role: 'counter' } : choice,
      named: true,
    });
    return;
  }
  const replaceable = slots.find(
    (slot) =>
      !slot.named &&
      slot.choice.role === choice.role &&
      gmFamily(slot.choice.program) === gmFamily(choice.program),
  );
  if (replaceable) {
    replaceable.choice = choice;
    replaceable.named = true;
  } else slots.push({ choice, named: true });
}

function namedSlots(mentions: readonly InstrumentMention[], genre: GenreProfile): Slot[] {
  const slots: Slot[] = [];
  for (const mention of mentions) {
    // "Harpsichord minuet": the harpsichord the minuet's ensemble already has.
    const program = mentionToChoice(mention, genre).program;
    const again = slots.some((slot) => !slot.choice.isDrums && slot.choice.program === program);
    if (!(again && mention.role === null && !mention.word.isDrums)) addNamed(slots, mention, genre);
  }
  return slots;
}

const ORDINALS = ['second', 'third', 'fourth', 'fifth'];
const FILL_ORDER: readonly PartRole[] = [
  'lead',
  'chords',
  'bass',
  'drums',
  'counter',
  'arp',
  'pad',
  'percussion',
];

// "Jazz quartet", "guitar duet": named players first, then the genre's parts (a genre the prompt
// named) or more of the named instruments, until the count is met; extra unnamed parts go.
function fillToSize(slots: Slot[], size: number, input: ArrangementInput): void {
  const players = () => slots.filter((slot) => !slot.samePlayer).length;
  const named = slots.filter((slot) => !slot.choice.isDrums);
  if (input.genreNamed || named.length === 0) {
    const pool = [...input.genre.instruments].sort(
      (a, b) => FILL_ORDER.indexOf(a.role) - FILL_ORDER.indexOf(b.role),
    );
    for (const choice of pool) {
      if (players() >= size) break;
      const taken = slots.some(
        (slot) =>
          (slot.choice.role === choice.role && ['lead', 'bass', 'drums'].includes(choice.role)) ||
          (slot.choice.program === choice.program && slot.choice.isDrums === choice.isDrums),
      );
      if (!taken && !isExcluded(input.exclusions, choice))
        slots.push({ choice: { ...choice }, named: false });
    }
  }
  for (let index = 0; players() < size && named.length > 0; index++) {
    const model = named[index % named.length]!;
    const role: PartRole = model.polyphonic ? 'chords' : 'counter';
    // Its own name, so the track's instrument list says two guitarists play, not one.
    const name = `${ORDINALS[Math.floor(index / named.length)] ?? 'another'} ${model.choice.name}`;
    slots.push({ ...model, choice: { ...model.choice, name, role }, named: true, roleGiven: false });
  }
}

// A named melody instrument alone needs something under it: the genre's chords (never its drums).
function addHarmonyUnder(slots: Slot[], input: ArrangementInput): void {
  // Broken chords (a marimba's or harp's arpeggios) are harmony enough.
  const holdsHarmony = slots.some(
    (slot) =>
      !slot.choice.isDrums && (slot.polyphonic || ['chords', 'pad', 'arp'].includes(slot.choice.role)),
  );
  if (holdsHarmony || !slots.some((slot) => isMelodic(slot.choice))) return;
  const bed = input.genre.instruments.find(
    (choice) =>
      !choice.isDrums && ['chords', 'pad'].includes(choice.role) && !isExcluded(input.exclusions, choice),
  );
  if (bed) slots.push({ choice: { ...bed, role: 'chords' }, named: false, polyphonic: true });
}

// What counts as the harmony beside a lead: a genre's arp (pop's picked guitar) colours the chords
// but does not replace them; in a named ensemble a harp's arpeggios are the accompaniment.
function othersHoldHarmony(slots: readonly Slot[], lead: Slot, namedEnsemble: boolean): boolean {
  const roles: readonly PartRole[] = namedEnsemble ? ['chords', 'pad', 'arp'] : ['chords', 'pad'];
  return slots.some((slot) => slot !== lead && !slot.choice.isDrums && roles.includes(slot.choice.role));
}

// "Named instruments lead": the first named line instrument (or, failing one, a named keyboard,
// guitar or choir) takes the lead from the genre's; an unnamed lead it displaces is dropped. In a
// genre's ensemble, an instrument the genre already had keeps its part ("bossa nova with guitar"
// still comps), and a named keyboard that holds the only harmony keeps comping under the lead.
function leadFromNamed(slots: Slot[], namedEnsemble: boolean, genreNamed: boolean): void {
  let lead = slots.find((slot) => slot.named && slot.choice.role === 'lead' && !slot.choice.isDrums);
  if (!lead) {
    const candidates = slots.filter(
      (slot) => slot.named && !slot.roleGiven && !slot.inGenre && isMelodic(slot.choice),
    );
    const line = candidates.find(
      (slot) => !slot.polyphonic && ['lead', 'counter'].includes(slot.choice.role),
    );
    const keyboard = candidates.find(
      (slot) =>
        slot.polyphonic &&
        (namedEnsemble
          ? ['chords', 'pad'].includes(slot.choice.role)
          : slot.choice.role === 'chords' && othersHoldHarmony(slots, slot, false)),
    );
    lead = line ?? keyboard;
    if (!lead) return;
    for (let index = slots.length - 1; index >= 0; index--) {
      const slot = slots[index]!;
      if (!slot.named && slot.choice.role === 'lead' && !slot.choice.isDrums) slots.splice(index, 1);
    }
    lead.choice = { ...lead.choice, role: 'lead' };
  }
  // A piano or guitar leading with no other harmony keeps playing it beside the tune (one player,
  // two hands): comping in the genre's rhythm when the prompt named a genre ("jazz trio"), broken
  // chords in a piece for the instrument itself ("calm piano"), as a player alone would.
  if (lead.polyphonic && !othersHoldHarmony(slots, lead, namedEnsemble)) {
    const role: PartRole = genreNamed ? 'chords' : 'arp';
    slots.push({ ...lead, choice: { ...lead.choice, role }, samePlayer: true });
  }
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
