import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { PromptEntry } from '../../eval/checks.js';
import {
  assertVocabulary,
  GENRE_TAGS,
  judgeGenre,
  type ModelTags,
  promptForGenre,
  type RankedTag,
  TAG_MODELS,
  TAG_VOCABULARY,
  type TaggerPrompt,
  type TagModel,
} from '../../eval/tagger/genre-tags.js';
import { GENRE_IDS, parseBrief } from '../../src/index.js';
import { composeRequest } from '../../src/lineage.js';
import { validateRequest } from '../../src/request-validation.js';

const prompts: PromptEntry[] = JSON.parse(
  readFileSync(new URL('../../eval/prompts.json', import.meta.url), 'utf8'),
);

/** A model's full ranking with `first` in front, in that order, then the rest of its vocabulary. */
function ranking(model: TagModel, first: readonly string[]): RankedTag[] {
  const rest = TAG_VOCABULARY[model].filter((t) => !first.includes(t));
  return [...first, ...rest].map((tag, i) => ({ tag, score: 1 - i / 100 }));
}

describe('genre tags for the independent tagger', () => {
  it('names only tags that exist in the model vocabulary it names them for', () => {
    for (const genre of GENRE_IDS) {
      for (const level of ['genre', 'family'] as const) {
        for (const model of TAG_MODELS) {
          for (const tag of GENRE_TAGS[genre][level][model] ?? [])
            assert.ok(TAG_VOCABULARY[model].includes(tag), `${genre} ${level} ${model}: "${tag}"`);
        }
      }
    }
  });

  it('has a plain prompt for every engine genre that the engine reads as that genre', () => {
    for (const genre of GENRE_IDS) {
      const entry = promptForGenre(prompts, genre);
      assert.equal(entry.inputs, undefined);
      assert.equal(parseBrief(entry.prompt, { seed: 1, durationSeconds: 30 }).genre, genre, entry.id);
    }
  });

  it('raps the everyday trap prompt that carries lyrics, as a user with those lyrics would get it', () => {
    const everyday: TaggerPrompt[] = JSON.parse(
      readFileSync(new URL('../../eval/tagger/issue-prompts.json', import.meta.url), 'utf8'),
    );
    const withLyrics = everyday.filter((entry) => entry.lyrics !== undefined);
    assert.deepEqual(
      withLyrics.map((entry) => entry.id),
      ['trap-everyday-rapped'],
    );
    for (const entry of withLyrics) {
      // the run's length and seed: lyrics that did not fit would be refused, not tagged
      const request = { prompt: entry.prompt, durationSeconds: 30, seed: 1, lyrics: entry.lyrics };
      validateRequest(request);
      const { brief, composition } = composeRequest(request);
      assert.equal(brief.genre, 'trap');
      const vocal = composition.parts.find((part) => part.vocal !== undefined)?.vocal;
      assert.equal(vocal?.delivery, 'rap');
    }
  });

  it('calls a genre heard when a tag naming it is in the top k of either model', () => {
    const tags: ModelTags = {
      MSD_musicnn: ranking('MSD_musicnn', ['instrumental', 'jazz', 'rock', 'Hip-Hop']),
      MTT_musicnn: ranking('MTT_musicnn', ['guitar']),
    };
    const judged = judgeGenre('trap', tags, 5);
    assert.equal(judged.verdict, 'genre');
    assert.deepEqual(judged.bestGenreTag, { model: 'MSD_musicnn', tag: 'Hip-Hop', rank: 4, score: 0.97 });
    const techno = judgeGenre('techno', { MTT_musicnn: ranking('MTT_musicnn', ['drums', 'techno']) }, 5);
    assert.equal(techno.verdict, 'genre');
  });

  it('settles for the family when only a family tag is in the top k', () => {
    const tags: ModelTags = {
      MSD_musicnn: ranking('MSD_musicnn', ['instrumental', 'electronic']),
      MTT_musicnn: ranking('MTT_musicnn', ['synth']),
    };
    const judged = judgeGenre('house', tags, 5);
    assert.equal(judged.verdict, 'family');
    assert.equal(judged.bestFamilyTag?.tag, 'electronic');
    assert.equal(judged.bestGenreTag?.tag, 'House');
    assert.ok((judged.bestGenreTag?.rank ?? 0) > 5);
  });

  it('files lo-fi hip hop under chill-out, its family, but never under the mood word chill', () => {
    const chillout = judgeGenre(
      'lofi',
      { MSD_musicnn: ranking('MSD_musicnn', ['electronic', 'chillout']) },
      5,
    );
    assert.equal(chillout.verdict, 'family');
    assert.equal(chillout.bestFamilyTag?.tag, 'chillout');
    const chill = judgeGenre(
      'lofi',
      { MSD_musicnn: ranking('MSD_musicnn', ['electronic', 'chill', 'Mellow']) },
      5,
    );
    assert.equal(chill.verdict, 'miss');
    // trap is not filed there: a trap beat heard as chill-out is not heard as trap
    assert.equal(
      judgeGenre('trap', { MSD_musicnn: ranking('MSD_musicnn', ['electronic', 'chillout']) }, 5).verdict,
      'miss',
    );
  });

  it('misses when the acceptable tags rank below k, and still reports the best one and its rank', () => {
    const lofi: ModelTags = {
      MSD_musicnn: ranking('MSD_musicnn', ['jazz', 'rock', 'indie', 'electronic', 'pop']),
    };
    const judged = judgeGenre('lofi', lofi, 5);
    assert.equal(judged.verdict, 'miss');
    const rank = lofi.MSD_musicnn?.findIndex((t) => t.tag === 'Hip-Hop') ?? -1;
    assert.ok(judged.bestGenreTag && judged.bestGenreTag.rank === rank + 1 && judged.bestGenreTag.rank > 5);
    assert.equal(judgeGenre('lofi', lofi, rank + 1).verdict, 'genre');
  });

  it('counts a tag only for the model whose list names it', () => {
    // Hip-Hop names lo-fi's genre in MSD's list; the same word coming from the MTT model is not read.
    const judged = judgeGenre('lofi', { MTT_musicnn: [{ tag: 'Hip-Hop', score: 0.9 }] }, 5);
    assert.equal(judged.verdict, 'miss');
    assert.equal(judged.bestGenreTag, null);
  });

  it('leaves genres without any tag in the vocabularies unscored rather than missed', () => {
    const tags: ModelTags = { MSD_musicnn: ranking('MSD_musicnn', ['jazz']) };
    assert.equal(judgeGenre('reggae', tags, 5).verdict, 'unscored');
    assert.equal(judgeGenre('latin', tags, 5).verdict, 'unscored');
  });

  it('rejects a tagger whose labels are not the vocabulary the mapping was written for', () => {
    assert.doesNotThrow(() => assertVocabulary('MSD_musicnn', ranking('MSD_musicnn', [])));
    const renamed = ranking('MSD_musicnn', []).map((t) =>
      t.tag === 'Hip-Hop' ? { ...t, tag: 'hip hop' } : t,
    );
    assert.throws(() => assertVocabulary('MSD_musicnn', renamed), /hip hop/);
  });
});
