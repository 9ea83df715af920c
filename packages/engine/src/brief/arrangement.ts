// Builds the final part list: genre defaults, a touch of the secondary genre, the instruments the
// prompt names, minus exclusions, then repaired so composition can always play it (≤ 8 parts,
// exactly one lead, at most one drum kit, a bass unless there should be none).
import type { InstrumentChoice, PartRole } from '../types.js';
import { isExcluded } from './exclusions.js';
import type { GenreProfile } from './genres.js';
import type { InstrumentMention } from './instrument-mentions.js';

export const MAX_PARTS = 8;
const MELODIC_ROLES: readonly PartRole[] = ['lead', 'counter', 'chords', 'pad', 'arp'];
// Playable stand-ins when exclusions removed every melodic part.
const FALLBACK_LEADS = [0, 4, 48, 89, 73, 11, 24, 80, 53, 56, 71, 22, 105, 46];
const FALLBACK_BASSES = [33, 32, 38, 43, 58, 35, 42, 89];

interface Slot {
  choice: InstrumentChoice;
  named: boolean;
}

export interface ArrangementInput {
  genre: GenreProfile;
  secondaryGenre: GenreProfile | null;
  mentions: readonly InstrumentMention[];
  exclusions: readonly string[];
  arousal: number;
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

function addNamed(slots: Slot[], choice: InstrumentChoice, explicitRole: boolean): void {
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

function onlySlots(mentions: readonly InstrumentMention[], genre: GenreProfile): Slot[] {
  const slots: Slot[] = [];
  for (const mention of mentions) addNamed(slots, mentionToChoice(mention, genre), mention.role !== null);
  const melodic = slots.filter((slot) => isMelodic(slot.choice));
  const single = melodic[0];
  if (
    melodic.length === 1 &&
    single &&
    mentions.find((m) => m.word.name === single.choice.name)?.word.polyphonic
  ) {
    // "Solo piano": the one instrument plays both the tune and its harmony.
    single.choice = { ...single.choice, role: 'lead' };
    slots.push({ choice: { ...single.choice, role: 'chords' }, named: true });
  }
  return slots;
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
  let slots: Slot[];
  if (onlyMode) slots = onlySlots(input.mentions, input.genre);
  else {
    slots = input.genre.instruments.map((choice) => ({ choice: { ...choice }, named: false }));
    if (input.secondaryGenre) blendSecondary(slots, input.secondaryGenre);
    for (const mention of input.mentions)
      addNamed(slots, mentionToChoice(mention, input.genre), mention.role !== null);
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
  if (!onlyMode) ensureBass(slots, input);
  ensureOneLead(slots, input.exclusions, input.genre);
  capParts(slots);
  return slots.map((slot) => slot.choice);
}
