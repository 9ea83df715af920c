// Mood words in five languages → canonical English moods with valence, arousal and the modes
// MUSIC.md pairs with them. Activity words (sleep, study, party, workout) count as moods too,
// because they say how much energy the listener wants.
import type { Mode } from '../types.js';
import { PhraseIndex, type PhraseMatch, type Token, type Words } from './text.js';

export interface MoodProfile {
  valence: number;
  arousal: number;
  modes: Partial<Record<Mode, number>>;
  words: Words;
}

// biome-ignore format: compact data table, one entry per line
export const MOODS = {
  happy: {
    valence: 0.8,
    arousal: 0.6,
    modes: { major: 1, mixolydian: 0.2, lydian: 0.2 },
    words: {
      en: ['happy', 'joyful', 'cheerful', 'joy', 'glad', 'sunny', 'bright', 'feel good', 'feel-good', 'jolly', 'merry', 'positive', 'summer', 'summery', 'christmas', 'xmas', 'birthday', 'holiday'],
      es: ['feliz', 'alegre', 'alegria', 'contento', 'soleado', 'optimista', 'jovial', 'verano', 'navidad', 'navidena', 'cumpleanos'],
      fr: ['joyeux', 'joyeuse', 'heureux', 'heureuse', 'gai', 'gaie', 'joie', 'ensoleille', 'enjoue', 'positif', 'ete', 'noel', 'anniversaire'],
      de: ['frohlich', 'glucklich', 'heiter', 'freudig', 'sonnig', 'gut gelaunt', 'froh', 'sommer', 'sommerlich', 'weihnachten', 'weihnachtlich', 'geburtstag'],
      pt: ['feliz', 'alegre', 'alegria', 'contente', 'ensolarado', 'verao', 'natal', 'natalina', 'aniversario'],
    },
  },
  sad: {
    valence: -0.7,
    arousal: 0.25,
    modes: { minor: 1, dorian: 0.2 },
    words: {
      en: ['sad', 'sadness', 'sorrow', 'sorrowful', 'tearful', 'crying', 'tears', 'heartbreak', 'heartbroken', 'grief', 'depressing', 'depressed', 'funeral', 'loss'],
      es: ['triste', 'tristeza', 'llorar', 'llanto', 'pena', 'desamor', 'deprimente', 'funeral', 'lagrimas'],
      fr: ['triste', 'tristesse', 'chagrin', 'pleurer', 'larmes', 'deprimant', 'funebre'],
      de: ['traurig', 'trauer', 'trist', 'weinen', 'tranen', 'herzschmerz', 'kummer'],
      pt: ['triste', 'tristeza', 'chorar', 'lagrimas', 'deprimente', 'sofrido', 'funeral'],
    },
  },
  dark: {
    valence: -0.7,
    arousal: 0.55,
    modes: { minor: 1, phrygian: 0.7 },
    words: {
      en: ['dark', 'darkness', 'ominous', 'sinister', 'evil', 'gloomy', 'grim', 'menacing', 'horror', 'spooky', 'creepy', 'scary', 'haunting', 'haunted', 'brooding', 'sombre', 'somber', 'halloween', 'villain'],
      es: ['oscuro', 'oscura', 'sombrio', 'sombria', 'siniestro', 'tenebroso', 'terror', 'miedo', 'lugubre', 'macabro', 'malvado'],
      fr: ['sombre', 'obscur', 'obscure', 'sinistre', 'tenebreux', 'lugubre', 'effrayant', 'horreur', 'menacant', 'macabre'],
      de: ['dunkel', 'dunkle', 'dunkler', 'duster', 'finster', 'unheimlich', 'gruselig', 'bedrohlich', 'horror', 'bose'],
      pt: ['escuro', 'escura', 'sombrio', 'sombria', 'sinistro', 'tenebroso', 'assustador', 'terror', 'macabro', 'medo'],
    },
  },
  calm: {
    valence: 0.3,
    arousal: 0.12,
    modes: { major: 0.6, lydian: 0.3, minor: 0.3, dorian: 0.2 },
    words: {
      en: ['calm', 'calming', 'peaceful', 'relaxing', 'relaxed', 'relax', 'relaxation', 'serene', 'tranquil', 'soothing', 'gentle', 'soft', 'quiet', 'sleep', 'sleepy', 'sleeping', 'meditation', 'meditative', 'yoga', 'spa', 'lullaby', 'zen', 'mellow', 'slumber', 'healing'],
      es: ['tranquilo', 'tranquila', 'calma', 'calmado', 'calmada', 'relajante', 'relajado', 'relajada', 'sereno', 'serena', 'suave', 'dormir', 'meditacion', 'paz', 'pacifico', 'cancion de cuna', 'nana', 'descansar'],
      fr: ['calme', 'paisible', 'relaxant', 'relaxante', 'detente', 'serein', 'sereine', 'doux', 'douce', 'dormir', 'sommeil', 'meditation', 'apaisant', 'apaisante', 'berceuse', 'tranquille', 'zen'],
      de: ['ruhig', 'ruhige', 'entspannt', 'entspannend', 'entspannung', 'friedlich', 'sanft', 'gelassen', 'schlafen', 'schlaf', 'meditation', 'beruhigend', 'wiegenlied', 'leise', 'besinnlich'],
      pt: ['calmo', 'calma', 'tranquilo', 'tranquila', 'relaxante', 'relaxar', 'sereno', 'serena', 'suave', 'dormir', 'sono', 'meditacao', 'paz', 'pacifico', 'cancao de ninar', 'descansar'],
    },
  },
  chill: {
    valence: 0.3,
    arousal: 0.28,
    modes: { major: 0.5, dorian: 0.4, minor: 0.3, lydian: 0.2 },
    words: {
      en: ['chill', 'chilled', 'chillout', 'chill out', 'laid back', 'laid-back', 'easy going', 'easygoing', 'study', 'studying', 'focus', 'concentration', 'cozy', 'cosy', 'coffee shop', 'cafe', 'rainy', 'rain', 'late night', 'sunday'],
      es: ['chill', 'relax', 'estudiar', 'estudio', 'concentracion', 'tranqui', 'acogedor', 'lluvia', 'lluvioso'],
      fr: ['chill', 'cool', 'detendu', 'etudier', 'concentration', 'cosy', 'pluie', 'pluvieux'],
      de: ['chillig', 'chill', 'locker', 'lernen', 'konzentration', 'gemutlich', 'regen', 'regnerisch'],
      pt: ['chill', 'estudar', 'estudo', 'concentracao', 'aconchegante', 'de boa', 'relaxado', 'chuva', 'chuvoso'],
    },
  },
  energetic: {
    valence: 0.5,
    arousal: 0.88,
    modes: { minor: 0.6, major: 0.6, mixolydian: 0.2 },
    words: {
      en: ['energetic', 'energy', 'high energy', 'high-energy', 'party', 'workout', 'gym', 'running', 'dance', 'dancing', 'danceable', 'club', 'rave', 'festival', 'hype', 'hyped', 'exciting', 'excited', 'lively', 'pumping', 'driving', 'powerful', 'banger', 'fitness', 'sport', 'sports', 'racing'],
      es: ['energico', 'energica', 'energia', 'fiesta', 'bailar', 'baile', 'gimnasio', 'entrenamiento', 'animado', 'animada', 'potente', 'vibrante', 'discoteca', 'correr', 'marcha'],
      fr: ['energique', 'energie', 'fete', 'danser', 'danse', 'dansant', 'entrainement', 'sport', 'puissant', 'puissante', 'festif', 'festive', 'entrainant', 'entrainante'],
      de: ['energisch', 'energiegeladen', 'energie', 'party', 'tanzen', 'tanzbar', 'training', 'workout', 'kraftvoll', 'lebhaft', 'treibend', 'fitness', 'sport', 'feier'],
      pt: ['energetico', 'energetica', 'energia', 'festa', 'dancar', 'danca', 'treino', 'academia', 'animado', 'animada', 'potente', 'agitado', 'agitada', 'balada', 'vibrante'],
    },
  },
  epic: {
    valence: 0.2,
    arousal: 0.85,
    modes: { minor: 1, dorian: 0.2 },
    words: {
      en: ['epic', 'heroic', 'hero', 'triumphant', 'grand', 'majestic', 'battle', 'war', 'victory', 'glorious', 'anthem', 'anthemic', 'adventure', 'legendary', 'powerful epic'],
      es: ['epico', 'epica', 'heroico', 'heroica', 'triunfal', 'majestuoso', 'batalla', 'guerra', 'victoria', 'glorioso', 'aventura', 'grandioso', 'himno'],
      fr: ['epique', 'heroique', 'triomphant', 'triomphale', 'majestueux', 'bataille', 'guerre', 'victoire', 'glorieux', 'aventure', 'grandiose', 'hymne'],
      de: ['episch', 'epische', 'epischer', 'heroisch', 'heldenhaft', 'triumphal', 'majestatisch', 'schlacht', 'krieg', 'sieg', 'abenteuer', 'gewaltig', 'hymne'],
      pt: ['epico', 'epica', 'heroico', 'heroica', 'triunfante', 'majestoso', 'batalha', 'guerra', 'vitoria', 'glorioso', 'aventura', 'grandioso', 'hino'],
    },
  },
  dreamy: {
    valence: 0.4,
    arousal: 0.25,
    modes: { lydian: 1, major: 0.5 },
    words: {
      en: ['dreamy', 'dream', 'dreams', 'dreamlike', 'ethereal', 'floating', 'atmospheric', 'airy', 'hazy', 'surreal', 'celestial', 'space', 'spacey', 'spacy', 'cosmic', 'starry', 'stars', 'heavenly', 'underwater'],
      es: ['sonador', 'sonadora', 'onirico', 'etereo', 'sueno', 'suenos', 'flotante', 'atmosferico', 'espacial', 'cosmico', 'celestial', 'estrellas'],
      fr: ['reveur', 'reveuse', 'onirique', 'ethere', 'eteree', 'reve', 'reves', 'flottant', 'atmospherique', 'cosmique', 'celeste', 'spatial', 'etoiles'],
      de: ['vertraumt', 'traumerisch', 'traum', 'traume', 'atherisch', 'schwebend', 'atmospharisch', 'kosmisch', 'spharisch', 'himmlisch', 'sterne'],
      pt: ['sonhador', 'sonhadora', 'onirico', 'etereo', 'sonho', 'sonhos', 'flutuante', 'atmosferico', 'cosmico', 'celestial', 'espacial', 'estrelas'],
    },
  },
  romantic: {
    valence: 0.6,
    arousal: 0.35,
    modes: { major: 1, minor: 0.3 },
    words: {
      en: ['romantic', 'romance', 'love', 'loving', 'tender', 'sensual', 'intimate', 'sexy', 'valentine', 'passionate', 'passion', 'wedding', 'candlelight'],
      es: ['romantico', 'romantica', 'romance', 'amor', 'tierno', 'sensual', 'intimo', 'pasion', 'apasionado', 'boda'],
      fr: ['romantique', 'amour', 'tendre', 'sensuel', 'sensuelle', 'intime', 'passion', 'passionne', 'mariage'],
      de: ['romantisch', 'romantische', 'liebe', 'zartlich', 'sinnlich', 'leidenschaftlich', 'verliebt', 'hochzeit'],
      pt: ['romantico', 'romantica', 'romance', 'amor', 'terno', 'sensual', 'intimo', 'paixao', 'apaixonado', 'casamento'],
    },
  },
  mysterious: {
    valence: -0.3,
    arousal: 0.4,
    modes: { minor: 0.6, phrygian: 0.5, dorian: 0.5 },
    words: {
      en: ['mysterious', 'mystery', 'mystic', 'mystical', 'enigmatic', 'eerie', 'strange', 'curious', 'secret', 'magical', 'magic', 'fantasy', 'noir', 'detective', 'unknown', 'ancient'],
      es: ['misterioso', 'misteriosa', 'misterio', 'mistico', 'enigmatico', 'extrano', 'magico', 'magica', 'magia', 'fantasia', 'antiguo'],
      fr: ['mysterieux', 'mysterieuse', 'mystere', 'mystique', 'enigmatique', 'etrange', 'magique', 'magie', 'fantastique', 'ancien'],
      de: ['geheimnisvoll', 'mysterios', 'mystisch', 'ratselhaft', 'seltsam', 'magisch', 'magie', 'zauber', 'uralt'],
      pt: ['misterioso', 'misteriosa', 'misterio', 'mistico', 'enigmatico', 'estranho', 'magico', 'magica', 'magia', 'fantasia', 'antigo'],
    },
  },
  tense: {
    valence: -0.6,
    arousal: 0.75,
    modes: { minor: 1, phrygian: 0.7 },
    words: {
      en: ['tense', 'tension', 'suspense', 'suspenseful', 'anxious', 'anxiety', 'nervous', 'urgent', 'thriller', 'chase', 'danger', 'dangerous', 'dramatic', 'drama', 'stress', 'stressful', 'action', 'spy', 'stealth'],
      es: ['tenso', 'tensa', 'tension', 'suspenso', 'suspense', 'ansioso', 'ansiedad', 'nervioso', 'urgente', 'persecucion', 'peligro', 'dramatico', 'dramatica', 'drama', 'accion'],
      fr: ['tendu', 'tendue', 'tension', 'suspense', 'anxieux', 'angoisse', 'angoissant', 'nerveux', 'urgent', 'poursuite', 'danger', 'dramatique', 'drame', 'action'],
      de: ['angespannt', 'spannung', 'spannend', 'nervos', 'angstlich', 'angst', 'dringend', 'verfolgung', 'gefahr', 'dramatisch', 'drama', 'action', 'hektik'],
      pt: ['tenso', 'tensa', 'tensao', 'suspense', 'ansioso', 'ansiedade', 'nervoso', 'urgente', 'perseguicao', 'perigo', 'dramatico', 'dramatica', 'drama', 'acao'],
    },
  },
  aggressive: {
    valence: -0.5,
    arousal: 0.97,
    modes: { minor: 1, phrygian: 0.8 },
    words: {
      en: ['aggressive', 'angry', 'anger', 'rage', 'furious', 'brutal', 'heavy', 'hard', 'hardcore', 'violent', 'fierce', 'savage', 'raw', 'intense', 'intensity', 'wild'],
      es: ['agresivo', 'agresiva', 'enojado', 'furioso', 'rabia', 'ira', 'brutal', 'violento', 'duro', 'feroz', 'salvaje', 'intenso', 'intensa', 'pesado'],
      fr: ['agressif', 'agressive', 'colere', 'furieux', 'rage', 'brutal', 'violent', 'feroce', 'sauvage', 'intense', 'lourd'],
      de: ['aggressiv', 'wutend', 'wut', 'zorn', 'brutal', 'hart', 'harte', 'heftig', 'gewalttatig', 'wild', 'intensiv'],
      pt: ['agressivo', 'agressiva', 'raiva', 'furioso', 'ira', 'brutal', 'violento', 'pesado', 'duro', 'feroz', 'selvagem', 'intenso', 'intensa'],
    },
  },
  playful: {
    valence: 0.75,
    arousal: 0.65,
    modes: { major: 1, mixolydian: 0.4, lydian: 0.2 },
    words: {
      en: ['playful', 'fun', 'funny', 'quirky', 'whimsical', 'silly', 'cute', 'bouncy', 'cartoon', 'childlike', 'kids', 'children', 'toy', 'lighthearted', 'light-hearted', 'cheeky', 'goofy', 'comedy', 'comedic'],
      es: ['jugueton', 'juguetona', 'divertido', 'divertida', 'gracioso', 'infantil', 'ninos', 'dibujos animados', 'travieso', 'ludico', 'comedia'],
      fr: ['ludique', 'joueur', 'espiegle', 'drole', 'amusant', 'amusante', 'mignon', 'enfantin', 'enfants', 'dessin anime', 'comique'],
      de: ['verspielt', 'lustig', 'witzig', 'niedlich', 'kindlich', 'kinder', 'frech', 'schrullig', 'spassig', 'komisch'],
      pt: ['brincalhao', 'divertido', 'divertida', 'engracado', 'fofo', 'infantil', 'criancas', 'ludico', 'desenho animado', 'comedia'],
    },
  },
  nostalgic: {
    valence: 0,
    arousal: 0.35,
    modes: { major: 0.5, minor: 0.5, dorian: 0.4 },
    words: {
      en: ['nostalgic', 'nostalgia', 'retro', 'vintage', 'memories', 'memory', 'reminiscent', 'old school', 'old-school', 'throwback', 'bittersweet', '80s', '90s', 'eighties', 'nineties', 'childhood'],
      es: ['nostalgico', 'nostalgica', 'nostalgia', 'recuerdos', 'retro', 'antano', 'anoranza', 'infancia'],
      fr: ['nostalgique', 'nostalgie', 'souvenirs', 'retro', 'vintage', 'enfance', 'annees 80'],
      de: ['nostalgisch', 'nostalgie', 'erinnerungen', 'retro', 'sehnsucht', 'wehmut', 'wehmutig', 'kindheit', '80er', '90er'],
      pt: ['nostalgico', 'nostalgica', 'nostalgia', 'saudade', 'saudades', 'lembrancas', 'memorias', 'retro', 'infancia', 'anos 80'],
    },
  },
  uplifting: {
    valence: 0.85,
    arousal: 0.7,
    modes: { major: 1, lydian: 0.3, mixolydian: 0.2 },
    words: {
      en: ['uplifting', 'inspiring', 'inspirational', 'hopeful', 'hope', 'motivational', 'motivating', 'optimistic', 'euphoric', 'euphoria', 'empowering', 'sunrise', 'celebration', 'festive'],
      es: ['inspirador', 'inspiradora', 'esperanza', 'esperanzador', 'motivador', 'motivadora', 'edificante', 'euforico', 'celebracion', 'amanecer'],
      fr: ['inspirant', 'inspirante', 'edifiant', 'espoir', 'motivant', 'motivante', 'optimiste', 'euphorique', 'celebration', 'lever de soleil'],
      de: ['erhebend', 'inspirierend', 'hoffnungsvoll', 'hoffnung', 'motivierend', 'optimistisch', 'euphorisch', 'aufbauend', 'feierlich', 'sonnenaufgang'],
      pt: ['inspirador', 'inspiradora', 'esperanca', 'motivador', 'motivadora', 'edificante', 'euforico', 'otimista', 'animador', 'celebracao', 'nascer do sol'],
    },
  },
  melancholic: {
    valence: -0.55,
    arousal: 0.25,
    modes: { minor: 1, dorian: 0.4 },
    words: {
      en: ['melancholic', 'melancholy', 'melancholia', 'wistful', 'mournful', 'lonely', 'loneliness', 'longing', 'introspective', 'reflective', 'pensive', 'moody', 'blue', 'autumn', 'rainy day', 'farewell'],
      es: ['melancolico', 'melancolica', 'melancolia', 'solitario', 'soledad', 'pensativo', 'otono', 'despedida'],
      fr: ['melancolique', 'melancolie', 'solitaire', 'solitude', 'pensif', 'pensive', 'automne', 'adieu'],
      de: ['melancholisch', 'melancholie', 'einsam', 'einsamkeit', 'nachdenklich', 'schwermutig', 'herbst', 'abschied'],
      pt: ['melancolico', 'melancolica', 'melancolia', 'solitario', 'solidao', 'pensativo', 'outono', 'despedida'],
    },
  },
  groovy: {
    valence: 0.5,
    arousal: 0.6,
    modes: { dorian: 1, mixolydian: 0.5, minor: 0.3 },
    words: {
      en: ['groovy', 'groove', 'grooving', 'swaggy', 'smooth'],
      es: ['groovy', 'sabroso', 'ritmico'],
      fr: ['groovy', 'groove', 'chaloupe'],
      de: ['groovig', 'groovy'],
      pt: ['groovy', 'gingado', 'suingue', 'balanco', 'swingado'],
    },
  },
} satisfies Record<string, MoodProfile>;

export type MoodName = keyof typeof MOODS;

let moodIndex: PhraseIndex<MoodName> | undefined;
function getMoodIndex(): PhraseIndex<MoodName> {
  if (!moodIndex) {
    moodIndex = new PhraseIndex<MoodName>();
    for (const mood of Object.keys(MOODS) as MoodName[]) moodIndex.addWords(MOODS[mood].words, mood);
  }
  return moodIndex;
}

/** Mood phrases in the prompt, in order. */
export function findMoods(tokens: readonly Token[]): PhraseMatch<MoodName>[] {
  return getMoodIndex().find(tokens);
}

export interface MoodReading {
  moods: MoodName[];
  /** Mean valence/arousal of the named moods, or null when none was named. */
  valence: number | null;
  arousal: number | null;
}

/** Reduces mood matches to canonical moods (first mention first) and their mean valence/arousal. */
export function readMoods(matches: readonly PhraseMatch<MoodName>[]): MoodReading {
  const moods: MoodName[] = [];
  for (const match of matches) if (!moods.includes(match.payload)) moods.push(match.payload);
  if (moods.length === 0) return { moods, valence: null, arousal: null };
  const valence = moods.reduce((sum, mood) => sum + MOODS[mood].valence, 0) / moods.length;
  const arousal = moods.reduce((sum, mood) => sum + MOODS[mood].arousal, 0) / moods.length;
  return { moods, valence, arousal };
}
