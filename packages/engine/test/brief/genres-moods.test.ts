import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GENRES, genreLabel, getGenreProfile, parseBrief } from '../../src/brief/index.js';
import { GENRE_IDS, type GenreId } from '../../src/types.js';

const brief = (prompt: string, seed = 1) => parseBrief(prompt, { durationSeconds: 30, seed });

const SYNONYMS: Record<GenreId, string[]> = {
  lofi: ['lofi', 'lo-fi beats', 'chillhop', 'study beats', 'boom bap', 'música lo-fi para estudiar'],
  house: ['house', 'deep house', 'EDM banger', 'musique house'],
  techno: ['techno', 'Berlin techno', 'tecno oscuro'],
  drum_and_bass: ['drum and bass', 'dnb', 'drum & bass', 'jungle', 'liquid drum n bass'],
  trap: ['trap', 'trap beat', 'drill', 'reggaeton'],
  synthwave: ['synthwave', 'retrowave', 'outrun', 'vaporwave'],
  pop: ['pop', 'k-pop', 'indie pop', 'musique pop'],
  rock: ['rock', 'indie rock', 'punk', 'rock alternativo'],
  metal: ['metal', 'heavy metal', 'death metal', 'djent'],
  funk: ['funk', 'p-funk', 'neo soul'],
  disco: ['disco', 'nu disco', 'italo disco'],
  jazz: ['jazz', 'bebop', 'big band swing', 'smooth jazz'],
  bossa_nova: ['bossa nova', 'bossa', 'MPB'],
  latin: ['latin', 'salsa', 'samba', 'cumbia', 'tango', 'música latina'],
  reggae: ['reggae', 'dub', 'ska'],
  country: ['country', 'bluegrass', 'honky tonk', 'sertanejo'],
  folk: ['folk', 'indie folk', 'Volksmusik', 'folclore'],
  orchestral: [
    'orchestral',
    'symphony',
    'classical music',
    'música clásica',
    'Klassik',
    'musique classique',
    'orquestra',
  ],
  cinematic: [
    'cinematic',
    'film score',
    'epic trailer',
    'banda sonora',
    'trilha sonora',
    'Filmmusik',
    'musique de film',
  ],
  ambient: ['ambient', 'drone', 'soundscape', 'música ambiental', 'ambient music'],
  chiptune: ['chiptune', '8-bit', '8bit', 'video game', 'NES'],
  afrobeat: ['afrobeat', 'afrobeats', 'highlife', 'amapiano'],
  blues: ['blues', '12-bar blues', 'delta blues'],
  celtic: ['celtic', 'irish', 'jig', 'musique celtique', 'keltische Musik'],
};

describe('genre table', () => {
  it('covers every genre id with a profile that matches MUSIC.md shapes', () => {
    assert.equal(Object.keys(GENRES).length, GENRE_IDS.length);
    for (const id of GENRE_IDS) {
      const profile = getGenreProfile(id);
      assert.equal(profile.id, id);
      assert.ok(genreLabel(id).length > 0);
      assert.ok(
        profile.bpmRange.min >= 40 &&
          profile.bpmRange.max <= 220 &&
          profile.bpmRange.min < profile.bpmRange.max,
      );
      assert.ok(Object.values(profile.modes).some((weight) => (weight ?? 0) > 0));
      assert.ok(profile.tonics.length >= 3);
      assert.ok([0, 8, 16, 24, 25, 32, 40, 48].includes(profile.drumKit));
      for (const language of ['en', 'es', 'fr', 'de', 'pt'] as const) {
        assert.ok((profile.keywords[language] ?? []).length > 0, `${id} ${language}`);
      }
      const roles = profile.instruments.map((choice) => choice.role);
      assert.equal(roles.filter((role) => role === 'lead').length, 1, id);
      assert.ok(roles.filter((role) => role === 'drums').length <= 1, id);
      for (const choice of profile.instruments) {
        assert.ok(Number.isInteger(choice.program) && choice.program >= 0 && choice.program <= 127);
        if (choice.role === 'drums')
          assert.ok(choice.isDrums && [0, 8, 16, 24, 25, 32, 40, 48].includes(choice.program));
      }
    }
  });

  it('gives human labels', () => {
    assert.equal(genreLabel('lofi'), 'lo-fi hip hop');
    assert.equal(genreLabel('drum_and_bass'), 'drum and bass');
  });
});

describe('genre detection', () => {
  for (const id of GENRE_IDS) {
    it(`recognises ${id} synonyms`, () => {
      for (const word of SYNONYMS[id]) {
        const result = brief(`${word}`);
        assert.equal(result.genre, id, word);
        assert.equal(result.genreSource, 'prompt');
      }
    });
  }

  it('reads a primary and a secondary genre from blends', () => {
    const jazzyLofi = brief('jazzy lo-fi');
    assert.equal(jazzyLofi.genre, 'lofi');
    assert.equal(jazzyLofi.secondaryGenre, 'jazz');
    const orchestralMetal = brief('orchestral metal');
    assert.equal(orchestralMetal.genre, 'metal');
    assert.equal(orchestralMetal.secondaryGenre, 'orchestral');
    assert.equal(brief('rock sinfónico').genre, 'rock');
  });

  it('sends hip hop to lo-fi when calm and to trap when dark', () => {
    assert.equal(brief('chill hip hop').genre, 'lofi');
    assert.equal(brief('dark aggressive hip hop').genre, 'trap');
  });

  it('falls back to moods, then named instruments, then pop', () => {
    assert.ok(['ambient', 'lofi'].includes(brief('calm and peaceful').genre));
    assert.equal(brief('calm and peaceful').genreSource, 'mood');
    assert.ok(['house', 'rock'].includes(brief('energetic party').genre));
    assert.equal(brief('with banjo').genre, 'country');
    assert.equal(brief('xyzzy plugh').genre, 'pop');
    assert.equal(brief('xyzzy plugh').genreSource, 'default');
  });
});

describe('moods', () => {
  it('maps mood words in five languages to canonical moods', () => {
    const cases: Array<[string, string]> = [
      ['happy tune', 'happy'],
      ['canción feliz', 'happy'],
      ['chanson joyeuse', 'happy'],
      ['fröhliches Lied', 'happy'],
      ['música alegre', 'happy'],
      ['música triste', 'sad'],
      ['ambiente oscuro', 'dark'],
      ['ambiance sombre', 'dark'],
      ['düstere Stimmung', 'dark'],
      ['algo tranquilo', 'calm'],
      ['musique énergique', 'energetic'],
      ['ruhige Musik', 'calm'],
      ['música calma', 'calm'],
      ['epic battle', 'epic'],
      ['dreamy', 'dreamy'],
      ['romantic evening', 'romantic'],
      ['mysterious forest', 'mysterious'],
      ['tense chase', 'tense'],
      ['aggressive', 'aggressive'],
      ['playful cartoon', 'playful'],
      ['nostalgic', 'nostalgic'],
      ['uplifting', 'uplifting'],
      ['melancholic', 'melancholic'],
      ['chill vibes', 'chill'],
    ];
    for (const [prompt, mood] of cases) assert.ok(brief(prompt).moods.includes(mood), `${prompt} → ${mood}`);
  });

  it('orders arousal calm < energetic and valence sad < happy, within the same genre too', () => {
    for (const [low, high] of [
      ['calm', 'energetic'],
      ['sleep music', 'workout music'],
      ['relaxing study piano', 'party dance piano'],
      ['calm rock', 'aggressive rock'],
      ['tranquilo', 'enérgico'],
      ['calme', 'énergique'],
      ['ruhig', 'energisch'],
    ]) {
      assert.ok(brief(low!).arousal < brief(high!).arousal, `${low} < ${high}`);
    }
    assert.ok(brief('sad piano').valence < brief('happy piano').valence);
    assert.ok(brief('dark techno').valence < brief('uplifting techno').valence);
  });

  it('picks modes from moods when no key is given', () => {
    const modesOf = (prompt: string) => Array.from({ length: 30 }, (_, seed) => brief(prompt, seed).key.mode);
    assert.ok(modesOf('happy pop').filter((mode) => mode === 'major').length >= 20);
    assert.ok(modesOf('sad piano').every((mode) => mode === 'minor' || mode === 'dorian'));
    assert.ok(
      modesOf('dark techno').every((mode) => mode === 'minor' || mode === 'phrygian' || mode === 'dorian'),
    );
    assert.ok(modesOf('dreamy ambient').includes('lydian'));
  });

  it('guesses the language from keyword hits', () => {
    assert.equal(brief('a calm song with piano and strings').language, 'en');
    assert.equal(brief('una canción tranquila con guitarra y cuerdas').language, 'es');
    assert.equal(brief('une chanson calme avec guitare et cordes').language, 'fr');
    assert.equal(brief('ein ruhiges Lied mit Gitarre und Streichern').language, 'de');
    assert.equal(brief('uma música calma com violão e cordas').language, 'pt');
    assert.equal(brief('🎵🎶').language, 'unknown');
  });
});
