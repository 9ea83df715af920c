// Which of musicnn's tags count as hearing each engine genre, and the verdict on one rendered file.
// musicnn's two vocabularies were made for other collections (the Million Song Dataset's 50 most used
// Last.fm tags, MagnaTagATune's 50), so several of our genres have no tag of their own: for them only
// the family a listener would file them under is scored, and reggae and latin, which have neither, are
// reported but not scored. Instrument, mood, era and voice tags (guitar, chill, 80s, female vocalists)
// never count: they say nothing about the genre.
import type { GenreId } from '../../src/types.js';
import type { PromptEntry } from '../checks.js';

export type TagModel = 'MSD_musicnn' | 'MTT_musicnn';
export const TAG_MODELS: readonly TagModel[] = ['MSD_musicnn', 'MTT_musicnn'];

/** A prompt the tagger hears: an eval prompt, which the tagger's own sets may send with lyrics (a rapped trap beat). */
export type TaggerPrompt = PromptEntry & { lyrics?: string };

/** musicnn 0.1.0's label lists (musicnn/configuration.py), in the models' output order. */
export const TAG_VOCABULARY: Readonly<Record<TagModel, readonly string[]>> = {
  // biome-ignore format: the package's list as it is, 50 labels
  MSD_musicnn: ['rock', 'pop', 'alternative', 'indie', 'electronic', 'female vocalists', 'dance', '00s', 'alternative rock', 'jazz', 'beautiful', 'metal', 'chillout', 'male vocalists', 'classic rock', 'soul', 'indie rock', 'Mellow', 'electronica', '80s', 'folk', '90s', 'chill', 'instrumental', 'punk', 'oldies', 'blues', 'hard rock', 'ambient', 'acoustic', 'experimental', 'female vocalist', 'guitar', 'Hip-Hop', '70s', 'party', 'country', 'easy listening', 'sexy', 'catchy', 'funk', 'electro', 'heavy metal', 'Progressive rock', '60s', 'rnb', 'indie pop', 'sad', 'House', 'happy'],
  // biome-ignore format: the package's list as it is, 50 labels
  MTT_musicnn: ['guitar', 'classical', 'slow', 'techno', 'strings', 'drums', 'electronic', 'rock', 'fast', 'piano', 'ambient', 'beat', 'violin', 'vocal', 'synth', 'female', 'indian', 'opera', 'male', 'singing', 'vocals', 'no vocals', 'harpsichord', 'loud', 'quiet', 'flute', 'woman', 'male vocal', 'no vocal', 'pop', 'soft', 'sitar', 'solo', 'man', 'classic', 'choir', 'voice', 'new age', 'dance', 'male voice', 'female vocal', 'beats', 'harp', 'cello', 'no voice', 'weird', 'country', 'metal', 'female voice', 'choral'],
};

type TagsByModel = Partial<Record<TagModel, readonly string[]>>;

export interface GenreTags {
  /** Tags that name the genre itself. */
  genre: TagsByModel;
  /** Tags that name the family it belongs to (house → electronic, afrobeat → funk). */
  family: TagsByModel;
  /** Why the vocabulary falls short for this genre, when it does. */
  note?: string;
}

const ELECTRONIC_MSD = ['electronic', 'electronica', 'electro', 'dance', 'House'];
const ELECTRONIC_MTT = ['electronic', 'techno', 'dance'];

// Lo-fi's family includes chillout: lo-fi hip hop ("chillhop") is filed by listeners and reference works
// under chill-out/downtempo as much as under hip-hop (Wikipedia's "Chill-out music": "a form of
// downtempo tagged as 'lo-fi hip hop' or 'chillhop'"), and its beats are instrumental, where MSD's
// Hip-Hop is learnt from rapped records. The mood tags chill and Mellow still never count, and trap,
// a rapper's beat, is not filed under chillout.
// biome-ignore format: one genre a line reads as a table
export const GENRE_TAGS: Readonly<Record<GenreId, GenreTags>> = {
  lofi: { genre: { MSD_musicnn: ['Hip-Hop'] }, family: { MSD_musicnn: ['rnb', 'chillout'] }, note: 'no lo-fi or chillhop tag (chillout is its family: lo-fi hip hop is filed as chill-out/downtempo); MTT has no hip-hop tag' },
  house: { genre: { MSD_musicnn: ['House'] }, family: { MSD_musicnn: ELECTRONIC_MSD, MTT_musicnn: ELECTRONIC_MTT } },
  techno: { genre: { MTT_musicnn: ['techno'] }, family: { MSD_musicnn: ELECTRONIC_MSD, MTT_musicnn: ELECTRONIC_MTT } },
  drum_and_bass: { genre: {}, family: { MSD_musicnn: ELECTRONIC_MSD, MTT_musicnn: ELECTRONIC_MTT }, note: 'no drum and bass tag' },
  trap: { genre: { MSD_musicnn: ['Hip-Hop'] }, family: { MSD_musicnn: ['rnb'] }, note: 'no trap tag: hip-hop is the genre it belongs to' },
  synthwave: { genre: {}, family: { MSD_musicnn: ELECTRONIC_MSD, MTT_musicnn: ELECTRONIC_MTT }, note: 'no synthwave tag; 80s is an era tag, not counted' },
  pop: { genre: { MSD_musicnn: ['pop', 'indie pop'], MTT_musicnn: ['pop'] }, family: {} },
  rock: { genre: { MSD_musicnn: ['rock', 'alternative rock', 'classic rock', 'hard rock', 'indie rock', 'Progressive rock'], MTT_musicnn: ['rock'] }, family: { MSD_musicnn: ['alternative', 'indie', 'punk'] } },
  metal: { genre: { MSD_musicnn: ['metal', 'heavy metal'], MTT_musicnn: ['metal'] }, family: { MSD_musicnn: ['hard rock', 'rock', 'punk'], MTT_musicnn: ['rock'] } },
  funk: { genre: { MSD_musicnn: ['funk'] }, family: { MSD_musicnn: ['soul', 'rnb'] } },
  disco: { genre: {}, family: { MSD_musicnn: ['dance', 'funk', 'soul'], MTT_musicnn: ['dance'] }, note: 'no disco tag; 70s is an era tag, not counted' },
  jazz: { genre: { MSD_musicnn: ['jazz'] }, family: {} },
  bossa_nova: { genre: {}, family: { MSD_musicnn: ['jazz', 'easy listening'] }, note: 'no bossa nova or latin tag: jazz is its family' },
  latin: { genre: {}, family: {}, note: 'no latin, salsa or afro-cuban tag in either vocabulary' },
  reggae: { genre: {}, family: {}, note: 'no reggae, ska or dub tag in either vocabulary' },
  country: { genre: { MSD_musicnn: ['country'], MTT_musicnn: ['country'] }, family: { MSD_musicnn: ['folk'] } },
  folk: { genre: { MSD_musicnn: ['folk'] }, family: { MSD_musicnn: ['country'], MTT_musicnn: ['country'] } },
  orchestral: { genre: { MTT_musicnn: ['classical', 'classic'] }, family: {}, note: 'MSD has no classical or soundtrack tag' },
  cinematic: { genre: {}, family: { MTT_musicnn: ['classical', 'classic'] }, note: 'no soundtrack tag: orchestral (MTT classical) is its family' },
  ambient: { genre: { MSD_musicnn: ['ambient'], MTT_musicnn: ['ambient'] }, family: { MSD_musicnn: ['chillout', 'electronica'], MTT_musicnn: ['new age'] } },
  chiptune: { genre: {}, family: { MSD_musicnn: ELECTRONIC_MSD, MTT_musicnn: ELECTRONIC_MTT }, note: 'no chiptune or video-game tag' },
  afrobeat: { genre: {}, family: { MSD_musicnn: ['funk', 'soul'] }, note: 'no afrobeat or african tag: funk is its family' },
  blues: { genre: { MSD_musicnn: ['blues'] }, family: { MSD_musicnn: ['soul'] } },
  celtic: { genre: {}, family: { MSD_musicnn: ['folk'] }, note: 'no celtic or irish tag: folk is its family' },
};

export interface RankedTag {
  tag: string;
  score: number;
}

/** One file's tags from one model, every tag ranked by mean likelihood, best first. */
export type ModelTags = Partial<Record<TagModel, readonly RankedTag[]>>;

export type GenreVerdict = 'genre' | 'family' | 'miss' | 'unscored';

export interface GenreJudgement {
  verdict: GenreVerdict;
  /** The best ranked tag naming the genre, with its 1-based rank, whether or not in the top k. */
  bestGenreTag: TagHit | null;
  /** The same for the genre's family. */
  bestFamilyTag: TagHit | null;
}

export interface TagHit {
  model: TagModel;
  tag: string;
  rank: number;
  score: number;
}

/**
 * 'genre' when a tag naming the genre is in some model's top k, else 'family' when a family tag is,
 * else 'miss'; 'unscored' when neither vocabulary has a tag for the genre or its family.
 */
export function judgeGenre(genre: GenreId, tags: ModelTags, topK: number): GenreJudgement {
  const expected = GENRE_TAGS[genre];
  const acceptable = (level: 'genre' | 'family', model: TagModel) => expected[level][model] ?? [];
  const ranked: TagHit[] = TAG_MODELS.flatMap((model) =>
    (tags[model] ?? []).map((t, i) => ({ model, tag: t.tag, rank: i + 1, score: t.score })),
  );
  const genreHits = ranked.filter((r) => acceptable('genre', r.model).includes(r.tag));
  const familyHits = ranked.filter((r) => acceptable('family', r.model).includes(r.tag));
  const best = (hits: TagHit[]) => [...hits].sort((a, b) => a.rank - b.rank || b.score - a.score)[0] ?? null;
  const scored = TAG_MODELS.some((m) => acceptable('genre', m).length + acceptable('family', m).length > 0);
  const verdict: GenreVerdict = !scored
    ? 'unscored'
    : genreHits.some((r) => r.rank <= topK)
      ? 'genre'
      : familyHits.some((r) => r.rank <= topK)
        ? 'family'
        : 'miss';
  return { verdict, bestGenreTag: best(genreHits), bestFamilyTag: best(familyHits) };
}

/**
 * The prompt a genre is heard with: the first eval/prompts.json entry that expects it and carries no
 * musical inputs (chords, plans and melodies would test those, not the genre's own sound).
 */
export function promptForGenre(prompts: readonly PromptEntry[], genre: GenreId): PromptEntry {
  const entry = prompts.find((p) => p.expect.genre === genre && !p.inputs);
  // A genre added to the engine's table needs a prompt in eval/prompts.json before it can be heard.
  if (!entry) throw new Error(`eval/prompts.json has no prompt that expects genre "${genre}"`);
  return entry;
}

/**
 * Throws when the tagger's labels are not the vocabulary the mapping was written for (another musicnn
 * version): a tag the mapping names could then silently never appear.
 */
export function assertVocabulary(model: TagModel, ranked: readonly RankedTag[]): void {
  const heard = ranked.map((t) => t.tag).sort();
  const known = [...TAG_VOCABULARY[model]].sort();
  if (heard.length !== known.length || heard.some((tag, i) => tag !== known[i]))
    throw new Error(`${model} returned tags other than musicnn 0.1.0's: ${heard.join(', ')}`);
}
