// Exclusion words ("drums", "piano", "vocals") and which parts each one removes. Matching is by
// GM program family, so "no guitar" also removes a genre's default "muted guitar".
import type { InstrumentChoice } from '../types.js';

function programs(...ranges: Array<number | [number, number]>): (choice: InstrumentChoice) => boolean {
  return (choice) =>
    !choice.isDrums &&
    ranges.some((range) =>
      typeof range === 'number'
        ? choice.program === range
        : choice.program >= range[0] && choice.program <= range[1],
    );
}

const PREDICATES: Record<string, (choice: InstrumentChoice) => boolean> = {
  drums: (choice) => choice.isDrums || choice.role === 'drums' || choice.role === 'percussion',
  percussion: (choice) => choice.role === 'percussion',
  'rhythm section': (choice) => choice.isDrums || choice.role === 'drums' || choice.role === 'bass',
  bass: (choice) => choice.role === 'bass',
  '808': (choice) => choice.name.includes('808'),
  piano: programs([0, 5]),
  'electric piano': programs(4, 5),
  'honky-tonk piano': programs(3),
  harpsichord: programs(6),
  clavinet: programs(7),
  organ: programs([16, 20]),
  'church organ': programs(19, 20),
  accordion: programs(21, 23),
  harmonica: programs(22),
  bells: programs([8, 10], 14, 112),
  mallets: programs([11, 13]),
  kalimba: programs(108),
  'steel drums': programs(114),
  guitar: programs([24, 31]),
  'acoustic guitar': programs(25),
  'nylon guitar': programs(24),
  'electric guitar': programs([26, 31]),
  'jazz guitar': programs(26),
  'distorted guitar': programs(29, 30),
  'overdriven guitar': programs(29),
  'muted guitar': programs(28),
  banjo: programs(105),
  sitar: programs(104),
  koto: programs(107),
  shamisen: programs(106),
  strings: programs([40, 45], [48, 51], 110),
  violin: programs(40, 110),
  viola: programs(41),
  cello: programs(42),
  'upright bass': programs(32, 43),
  harp: programs(46),
  timpani: programs(47),
  choir: programs([52, 54], 91),
  vocals: programs([52, 54], 85, 91),
  brass: programs([56, 63]),
  trumpet: programs(56, 59),
  trombone: programs(57),
  tuba: programs(58),
  'french horn': programs(60),
  sax: programs([64, 67]),
  woodwinds: programs([64, 79]),
  flute: programs([72, 75], 77),
  clarinet: programs(71),
  oboe: programs(68, 69),
  bassoon: programs(70),
  whistle: programs(78),
  ocarina: programs(79),
  bagpipes: programs(109),
  synth: programs([80, 103], 38, 39, 50, 51, 62, 63),
  'synth lead': programs([80, 87]),
  'square lead': programs(80),
  pads: (choice) => choice.role === 'pad' || programs([88, 95])(choice),
  taiko: programs(116),
  fiddle: programs(40, 110),
  'drum machine': (choice) => choice.isDrums || choice.role === 'drums',
  '808 drums': (choice) => choice.isDrums || choice.role === 'drums',
  brushes: (choice) => choice.isDrums || choice.role === 'drums',
  'jazz drums': (choice) => choice.isDrums || choice.role === 'drums',
  'synth arp': (choice) => choice.role === 'arp' && programs([80, 103])(choice),
  'pizzicato strings': programs(45),
  'synth strings': programs(50, 51),
  'tenor sax': programs(66),
  'soprano sax': programs(64),
  'baritone sax': programs(67),
  piccolo: programs(72),
  recorder: programs(74),
  'pan flute': programs(75),
  shakuhachi: programs(77),
  'muted trumpet': programs(59),
  'tubular bells': programs(14),
  vibraphone: programs(11),
  marimba: programs(12),
  xylophone: programs(13),
  celesta: programs(8),
  'music box': programs(10),
  'fretless bass': programs(35),
  'slap bass': programs(36, 37),
  'synth bass': (choice) => choice.role === 'bass' && programs([38, 39], [80, 95])(choice),
  'electric bass': programs(33, 34),
  bandoneon: programs(23),
  melodica: programs(22),
  mandolin: programs(105),
  ukulele: (choice) => choice.name.includes('ukulele'),
  'pedal steel': (choice) => choice.name.includes('steel'),
};

/** True when the exclusion word removes this part ("drums" also removes percussion). */
export function isExcludedBy(word: string, choice: InstrumentChoice): boolean {
  const predicate = PREDICATES[word];
  if (predicate) return predicate(choice);
  return choice.name.toLowerCase().includes(word);
}

/** True when any exclusion word removes this part. */
export function isExcluded(exclusions: readonly string[], choice: InstrumentChoice): boolean {
  return exclusions.some((word) => isExcludedBy(word, choice));
}
