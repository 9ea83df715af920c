// The slots the arrangement fills: a part choice and what the prompt said about it, and how a named
// instrument takes its place among them (beside, or instead of, a genre's part of its kind).
import type { InstrumentChoice, PartRole } from '../types.js';
import type { GenreProfile } from './genres.js';
import type { InstrumentMention } from './instrument-mentions.js';

const MELODIC_ROLES: readonly PartRole[] = ['lead', 'counter', 'chords', 'pad', 'arp'];

/** One part of the arrangement being built. */
export interface Slot {
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

/** The part a mention asks for, its program resolved for the genre. */
export function mentionToChoice(mention: InstrumentMention, genre: GenreProfile): InstrumentChoice {
  const { word } = mention;
  const program = typeof word.program === 'function' ? word.program(genre) : word.program;
  return { name: word.name, program, role: mention.role ?? word.role, isDrums: Boolean(word.isDrums) };
}

/** GM program family (eight programs each): pianos, organs, guitars… */
export const gmFamily = (program: number) => Math.floor(program / 8);
/** A part that plays notes of the harmony or tune (not drums, bass or percussion). */
export const isMelodic = (choice: InstrumentChoice) => !choice.isDrums && MELODIC_ROLES.includes(choice.role);

/** Places a named instrument among the slots and marks what the prompt said about it. */
export function addNamed(slots: Slot[], mention: InstrumentMention, genre: GenreProfile): void {
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
