// The ensemble of a prompt that names its players ("calm piano", "flute and harp duet", "solo
// cello", "jazz quartet"), and who leads when instruments are named: the named instruments, never a
// rhythm section the prompt did not ask for.
import type { PartRole } from '../types.js';
import { addNamed, isMelodic, mentionToChoice, type Slot } from './arrangement-slots.js';
import { isExcluded } from './exclusions.js';
import type { GenreProfile } from './genres.js';
import type { InstrumentMention } from './instrument-mentions.js';

/** What fillToSize and addHarmonyUnder need from the arrangement's input. */
export interface EnsembleContext {
  genre: GenreProfile;
  exclusions: readonly string[];
  genreNamed: boolean;
}

/** The named instruments as slots, each once. */
export function namedSlots(mentions: readonly InstrumentMention[], genre: GenreProfile): Slot[] {
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
// named) or more of the named instruments, until the count is met.
export function fillToSize(slots: Slot[], size: number, input: EnsembleContext): void {
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
export function addHarmonyUnder(slots: Slot[], input: EnsembleContext): void {
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
export function leadFromNamed(slots: Slot[], namedEnsemble: boolean, genreNamed: boolean): void {
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
