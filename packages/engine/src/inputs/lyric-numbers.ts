// Numbers in lyrics, said as a singer says them: "21" → "twenty one", "1999" → "nineteen ninety
// nine", "3rd" → "third", "the 90s" → "the nineties", "9:30" → "nine thirty", "3pm" → "three pee
// em", "100%" → "one hundred percent". The line keeps its digits for display (music.lyrics,
// subtitles); only the sung words are spelled out, so the MIDI lyric events, the syllables and the
// timed words agree with each other.

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];
// Longer digit runs (a phone number, a code) are read digit by digit.
const MAX_CARDINAL = 999_999_999_999;

function belowHundred(n: number): string[] {
  if (n < 20) return [ONES[n]!];
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? [tens] : [tens, ONES[n % 10]!];
}

function belowThousand(n: number): string[] {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words = hundreds > 0 ? [ONES[hundreds]!, 'hundred'] : [];
  return rest > 0 || hundreds === 0 ? [...words, ...belowHundred(rest)] : words;
}

/** A whole number in words ("one thousand two hundred five"). */
export function cardinalWords(n: number): string[] {
  if (n < 1000) return belowThousand(n);
  const words: string[] = [];
  let rest = n;
  for (const [scale, name] of SCALES) {
    if (rest >= scale) {
      words.push(...belowThousand(Math.floor(rest / scale)), name);
      rest %= scale;
    }
  }
  return rest > 0 ? [...words, ...belowThousand(rest)] : words;
}

/** A year as it is said: 1999 → nineteen ninety nine, 1905 → nineteen oh five, 2024 → twenty twenty four. */
function yearWords(n: number): string[] {
  const high = Math.floor(n / 100);
  const low = n % 100;
  if (low === 0) return [...belowHundred(high), 'hundred'];
  return [...belowHundred(high), ...(low < 10 ? ['oh', ONES[low]!] : belowHundred(low))];
}

const IRREGULAR_ORDINALS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

function ordinalOf(word: string): string {
  return IRREGULAR_ORDINALS[word] ?? (word.endsWith('y') ? `${word.slice(0, -1)}ieth` : `${word}th`);
}

function pluralOf(word: string): string {
  return word.endsWith('y') ? `${word.slice(0, -1)}ies` : word.endsWith('x') ? `${word}es` : `${word}s`;
}

function digitsWords(written: string): string[] {
  const digits = written.replace(/,/g, '');
  const n = Number(digits);
  if (digits.length > 1 && digits.startsWith('0')) return [...digits].map((d) => ONES[Number(d)]!);
  if (n > MAX_CARDINAL) return [...digits].map((d) => ONES[Number(d)]!);
  // four digits that read as a year do ("1,250" with its comma is a count; 2005 is "two thousand five")
  if (written.length === 4 && ((n >= 1100 && n < 2000) || (n >= 2010 && n < 2100))) return yearWords(n);
  return cardinalWords(n);
}

// A number: digits with thousands commas, then an optional ordinal or plural ending ("3rd", "90s",
// "90's"), decimals or minutes, a percent sign, and "am" / "pm".
const NUMBER =
  /(\d{1,3}(?:,\d{3})+|\d+)(?:(st|nd|rd|th|['’]?s)\b|\.(\d+)|:(\d\d)\b)?(%?)(?:\s?([ap])\.?m\b\.?)?/gi;

/** The text with its numbers written out as words; everything else as it was. */
export function spellNumbers(text: string): string {
  if (!/\d/.test(text)) return text;
  return text.replace(
    NUMBER,
    (
      _,
      whole: string,
      ending?: string,
      decimals?: string,
      minutes?: string,
      percent?: string,
      meridiem?: string,
    ) => {
      const words = digitsWords(whole);
      if (ending) {
        const last = words.pop()!;
        words.push(/^['’]?s$/i.test(ending) ? pluralOf(last) : ordinalOf(last));
      }
      if (decimals) words.push('point', ...[...decimals].map((d) => ONES[Number(d)]!));
      if (minutes !== undefined) {
        const m = Number(minutes);
        words.push(...(m === 0 ? ["o'clock"] : m < 10 ? ['oh', ONES[m]!] : belowHundred(m)));
      }
      if (percent) words.push('percent');
      // "3pm", "9:30 a.m.": the letters' names
      if (meridiem) words.push(meridiem.toLowerCase() === 'a' ? 'ay' : 'pee', 'em');
      return ` ${words.join(' ')} `;
    },
  );
}
