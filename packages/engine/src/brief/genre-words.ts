// The words that name each genre, per language. `words` are nouns ("metal"), `modifiers` are
// adjectives that usually colour another genre ("orchestral metal", "jazzy lo-fi"), `weak` are
// hints that only decide when nothing stronger is named ("dance", "electronic").
import type { GenreId } from '../types.js';
import type { Words } from './text.js';

export interface GenreWords {
  words: Words;
  modifiers?: Words;
  weak?: Words;
}

// biome-ignore format: compact data table, one entry per line
export const GENRE_WORDS: Record<GenreId, GenreWords> = {
  lofi: {
    words: {
      en: ['lo-fi', 'lo fi', 'lofi hip hop', 'lo-fi hip hop', 'chillhop', 'chill hop', 'study beats', 'boom bap', 'jazzhop', 'jazz hop', 'beats to study', 'beats to relax'],
      es: ['lo-fi', 'lofi', 'musica para estudiar', 'ritmos para estudiar'],
      fr: ['lo-fi', 'lofi', 'musique pour etudier'],
      de: ['lo-fi', 'lofi', 'musik zum lernen'],
      pt: ['lo-fi', 'lofi', 'musica para estudar'],
    },
  },
  house: {
    words: {
      en: ['house', 'deep house', 'tech house', 'progressive house', 'edm', 'electro house', 'future house', 'garage', 'uk garage', 'eurodance', 'trance', 'club music', 'dance music', 'dance track'],
      es: ['house', 'musica house', 'musica electronica de baile', 'musica de discoteca', 'musica dance'],
      fr: ['house', 'musique house', 'musique electronique de danse', 'musique de club'],
      de: ['house', 'housemusik', 'clubmusik', 'tanzmusik'],
      pt: ['house', 'musica eletronica de danca', 'musica de balada'],
    },
    weak: {
      en: ['dance', 'electronic', 'club', 'electro', 'edm'],
      es: ['electronica', 'electronico', 'bailable'],
      fr: ['electronique', 'electro'],
      de: ['elektronisch', 'elektro', 'elektronische'],
      pt: ['eletronica', 'eletronico', 'dancante'],
    },
  },
  techno: {
    words: {
      en: ['techno', 'minimal techno', 'industrial techno', 'acid techno', 'acid', 'hard techno', 'detroit techno', 'berlin techno', 'warehouse'],
      es: ['techno', 'tecno'],
      fr: ['techno'],
      de: ['techno', 'technomusik'],
      pt: ['techno', 'tecno'],
    },
  },
  drum_and_bass: {
    words: {
      en: ['drum and bass', 'drum & bass', 'drum n bass', "drum'n'bass", "drum n' bass", 'dnb', 'd&b', 'd n b', 'jungle', 'liquid dnb', 'liquid funk', 'neurofunk', 'breakbeat', 'breakcore'],
      es: ['drum and bass', 'dnb', 'jungle'],
      fr: ['drum and bass', 'dnb', 'jungle'],
      de: ['drum and bass', 'dnb', 'jungle'],
      pt: ['drum and bass', 'dnb', 'jungle'],
    },
  },
  trap: {
    words: {
      en: ['trap', 'drill', 'uk drill', 'trap beat', 'dubstep', 'phonk', 'rap beat', 'type beat'],
      es: ['trap', 'trap latino', 'reggaeton', 'reguetón', 'regueton', 'perreo', 'rap'],
      fr: ['trap', 'rap francais', 'drill'],
      de: ['trap', 'deutschrap'],
      pt: ['trap', 'funk carioca', 'rap'],
    },
  },
  synthwave: {
    words: {
      en: ['synthwave', 'synth wave', 'retrowave', 'outrun', 'vaporwave', 'darkwave', 'chillwave', 'synth pop', 'synthpop', 'new wave', 'cyberpunk', '80s synth', 'retro synth'],
      es: ['synthwave', 'retrowave', 'sintetizadores de los 80'],
      fr: ['synthwave', 'retrowave'],
      de: ['synthwave', 'retrowave'],
      pt: ['synthwave', 'retrowave'],
    },
  },
  pop: {
    words: {
      en: ['pop', 'pop song', 'indie pop', 'dream pop', 'electropop', 'k-pop', 'kpop', 'j-pop', 'jpop', 'pop ballad', 'ballad', 'radio hit', 'top 40', 'r&b', 'rnb', 'soul', 'gospel'],
      es: ['pop', 'balada', 'cancion pop', 'musica pop'],
      fr: ['pop', 'ballade', 'chanson pop', 'variete'],
      de: ['pop', 'popmusik', 'schlager', 'ballade', 'popsong'],
      pt: ['pop', 'balada', 'musica pop'],
    },
  },
  rock: {
    words: {
      en: ['rock', 'rock and roll', "rock 'n' roll", 'rock n roll', 'indie rock', 'alternative rock', 'alt rock', 'hard rock', 'punk', 'pop punk', 'punk rock', 'grunge', 'garage rock', 'surf rock', 'classic rock', 'post rock', 'post-rock', 'shoegaze', 'stoner rock', 'arena rock'],
      es: ['rock', 'rock alternativo', 'rock duro', 'rockero', 'punk'],
      fr: ['rock', 'rock alternatif', 'punk'],
      de: ['rock', 'rockmusik', 'punk'],
      pt: ['rock', 'rock alternativo', 'punk', 'roqueiro'],
    },
    modifiers: { en: ['rocky', 'rocking'], es: ['roquero'], de: ['rockig'] },
  },
  metal: {
    words: {
      en: ['metal', 'heavy metal', 'thrash', 'thrash metal', 'death metal', 'black metal', 'metalcore', 'djent', 'doom metal', 'power metal', 'nu metal', 'symphonic metal', 'speed metal', 'deathcore'],
      es: ['metal', 'heavy metal', 'metal sinfonico'],
      fr: ['metal', 'heavy metal', 'metal symphonique'],
      de: ['metal', 'heavy metal'],
      pt: ['metal', 'heavy metal', 'metal sinfonico'],
    },
  },
  funk: {
    words: {
      en: ['funk', 'p-funk', 'g-funk', 'funk groove', 'neo soul', 'neo-soul', 'motown'],
      es: ['funk', 'funky'],
      fr: ['funk'],
      de: ['funk'],
      pt: ['funk', 'soul brasileiro'],
    },
    modifiers: { en: ['funky'], fr: ['funky'], de: ['funky'], pt: ['funkeado'] },
  },
  disco: {
    words: {
      en: ['disco', 'nu disco', 'nu-disco', 'italo disco', 'boogie', 'french touch', 'studio 54'],
      es: ['disco', 'musica disco'],
      fr: ['disco'],
      de: ['disco', 'discomusik'],
      pt: ['disco', 'discoteca'],
    },
  },
  jazz: {
    words: {
      en: ['jazz', 'swing', 'bebop', 'be-bop', 'big band', 'jazz trio', 'jazz combo', 'cool jazz', 'smooth jazz', 'jazz fusion', 'fusion', 'lounge', 'jazz ballad', 'jazz club', 'ragtime', 'nu jazz', 'acid jazz'],
      es: ['jazz', 'swing', 'bebop'],
      fr: ['jazz', 'swing', 'jazz manouche', 'manouche'],
      de: ['jazz', 'swing', 'jazzmusik'],
      pt: ['jazz', 'swing', 'jazz brasileiro'],
    },
    modifiers: {
      en: ['jazzy', 'swinging', 'swingy'],
      es: ['jazzero', 'jazzistico'],
      fr: ['jazzy'],
      de: ['jazzig'],
      pt: ['jazzistico'],
    },
  },
  bossa_nova: {
    words: {
      en: ['bossa nova', 'bossa', 'bossanova', 'brazilian jazz', 'mpb'],
      es: ['bossa nova', 'bossa'],
      fr: ['bossa nova', 'bossa'],
      de: ['bossa nova', 'bossa'],
      pt: ['bossa nova', 'bossa', 'musica popular brasileira', 'mpb'],
    },
  },
  latin: {
    words: {
      en: ['latin', 'salsa', 'samba', 'mambo', 'cha cha', 'cha-cha', 'rumba', 'merengue', 'cumbia', 'bachata', 'son cubano', 'latin jazz', 'tango', 'flamenco', 'mariachi', 'timba', 'afro-cuban', 'afro cuban'],
      es: ['latino', 'latina', 'musica latina', 'salsa', 'cumbia', 'merengue', 'bachata', 'son cubano', 'tango', 'flamenco', 'rumba', 'mambo', 'mariachi', 'ranchera'],
      fr: ['latine', 'latino', 'musique latine', 'salsa', 'samba', 'tango'],
      de: ['latin', 'lateinamerikanisch', 'salsa', 'samba', 'tango'],
      pt: ['latino', 'latina', 'musica latina', 'samba', 'pagode', 'forro', 'axe', 'salsa', 'frevo', 'choro'],
    },
  },
  reggae: {
    words: {
      en: ['reggae', 'dub', 'roots reggae', 'ska', 'rocksteady', 'dancehall', 'one drop'],
      es: ['reggae', 'reggae en espanol', 'dub', 'ska'],
      fr: ['reggae', 'dub', 'ska'],
      de: ['reggae', 'dub', 'ska'],
      pt: ['reggae', 'dub', 'ska'],
    },
  },
  country: {
    words: {
      en: ['country', 'country music', 'bluegrass', 'honky tonk', 'honky-tonk', 'americana', 'western', 'cowboy', 'nashville', 'country rock', 'outlaw country'],
      es: ['country', 'musica country', 'vaquero'],
      fr: ['country', 'musique country', 'cowboy'],
      de: ['country', 'countrymusik', 'cowboy'],
      pt: ['country', 'musica country', 'caipira', 'musica sertaneja', 'sertanejo'],
    },
  },
  folk: {
    words: {
      en: ['folk', 'folk song', 'indie folk', 'acoustic folk', 'singer-songwriter', 'singer songwriter', 'campfire', 'medieval', 'renaissance', 'traditional', 'world music', 'balkan', 'klezmer'],
      es: ['folk', 'folclore', 'folklore', 'musica folk', 'cantautor', 'medieval', 'musica tradicional'],
      fr: ['folk', 'folklore', 'musique folk', 'musique traditionnelle', 'medieval', 'auteur-compositeur'],
      de: ['folk', 'volksmusik', 'volkslied', 'liedermacher', 'mittelalter', 'mittelalterlich'],
      pt: ['folk', 'folclore', 'musica folk', 'cantautor', 'musica tradicional', 'medieval', 'moda de viola'],
    },
    modifiers: {
      en: ['folky', 'acoustic'],
      es: ['acustico'],
      fr: ['acoustique'],
      de: ['akustisch'],
      pt: ['acustico'],
    },
  },
  orchestral: {
    words: {
      en: ['orchestra', 'symphony', 'classical', 'classical music', 'baroque', 'romantic era', 'string quartet', 'piano trio', 'string trio', 'brass quintet', 'chamber music', 'concerto', 'sonata', 'nocturne', 'etude', 'requiem', 'philharmonic', 'opera'],
      es: ['orquesta', 'sinfonia', 'musica clasica', 'clasica', 'barroco', 'cuarteto de cuerdas', 'trio con piano', 'musica de camara'],
      fr: ['orchestre', 'symphonie', 'musique classique', 'classique', 'baroque', 'quatuor a cordes', 'trio avec piano', 'musique de chambre'],
      de: ['orchester', 'sinfonie', 'symphonie', 'klassik', 'klassische musik', 'klassisch', 'barock', 'streichquartett', 'klaviertrio', 'kammermusik'],
      pt: ['orquestra', 'sinfonia', 'musica classica', 'classica', 'classico', 'barroco', 'quarteto de cordas', 'musica de camara'],
    },
    modifiers: {
      en: ['orchestral', 'symphonic'],
      es: ['orquestal', 'sinfonico', 'sinfonica', 'orquestado'],
      fr: ['orchestral', 'orchestrale', 'orchestraux', 'symphonique'],
      de: ['orchestral', 'symphonisch', 'sinfonisch'],
      pt: ['orquestral', 'sinfonico', 'sinfonica', 'orquestrado'],
    },
    weak: {
      en: ['waltz', 'minuet'],
      es: ['vals'],
      fr: ['valse', 'menuet'],
      de: ['walzer', 'menuett'],
      pt: ['valsa'],
    },
  },
  cinematic: {
    words: {
      en: ['cinematic', 'film score', 'movie score', 'soundtrack', 'epic trailer', 'trailer', 'trailer music', 'movie', 'film music', 'video game soundtrack', 'game soundtrack', 'boss battle', 'boss fight', 'hans zimmer', 'epic music', 'documentary', 'fantasy soundtrack'],
      es: ['cinematografico', 'cinematica', 'banda sonora', 'musica de pelicula', 'pelicula', 'trailer epico', 'musica epica'],
      fr: ['cinematographique', 'bande originale', 'bande son', 'musique de film', 'film', 'bande-annonce', 'musique epique'],
      de: ['filmmusik', 'soundtrack', 'kinomusik', 'trailermusik', 'filmisch', 'cineastisch', 'epische musik'],
      pt: ['cinematografico', 'cinematica', 'trilha sonora', 'musica de filme', 'filme', 'trailer epico', 'musica epica'],
    },
    modifiers: {
      en: ['cinematic', 'filmic'],
      es: ['cinematografica'],
      fr: ['cinematique'],
      de: ['filmisch'],
      pt: ['cinematografica'],
    },
  },
  ambient: {
    words: {
      en: ['ambient', 'ambience', 'drone', 'soundscape', 'new age', 'meditation music', 'sleep music', 'space music', 'dark ambient', 'atmospheric music', 'background music', 'spa music'],
      es: ['ambiental', 'musica ambiental', 'paisaje sonoro', 'musica para dormir', 'musica de meditacion', 'musica relajante'],
      fr: ['ambient', 'musique d ambiance', 'ambiance', 'paysage sonore', 'musique pour dormir', 'musique relaxante'],
      de: ['ambient', 'klanglandschaft', 'entspannungsmusik', 'schlafmusik', 'meditationsmusik'],
      pt: ['ambiente', 'musica ambiente', 'paisagem sonora', 'musica para dormir', 'musica relaxante', 'musica de meditacao'],
    },
    modifiers: { en: ['ambient'], es: ['ambient'], fr: ['ambient'], de: ['ambient'], pt: ['ambient'] },
  },
  chiptune: {
    words: {
      en: ['chiptune', 'chip tune', 'chip music', '8-bit', '8 bit', '8bit', '16-bit', '16 bit', 'nes', 'gameboy', 'game boy', 'retro game', 'retro video game', 'arcade', 'pixel', 'video game', 'videogame', 'bitpop'],
      es: ['chiptune', '8 bits', 'videojuego', 'videojuegos', 'arcade', 'retro gaming'],
      fr: ['chiptune', '8 bits', 'jeu video', 'jeux video', 'arcade'],
      de: ['chiptune', '8 bit', 'videospiel', 'videospielmusik', 'arcade'],
      pt: ['chiptune', '8 bits', 'videogame', 'jogo retro', 'fliperama', 'arcade'],
    },
  },
  afrobeat: {
    words: {
      en: ['afrobeat', 'afrobeats', 'afro beat', 'afro-beat', 'highlife', 'amapiano', 'afro house', 'afropop', 'afro pop', 'fela', 'african'],
      es: ['afrobeat', 'africano', 'africana', 'musica africana'],
      fr: ['afrobeat', 'africain', 'africaine', 'musique africaine'],
      de: ['afrobeat', 'afrikanisch', 'afrikanische musik'],
      pt: ['afrobeat', 'africano', 'africana', 'musica africana', 'kuduro', 'kizomba'],
    },
  },
  blues: {
    words: {
      en: ['blues', '12-bar', '12 bar', 'twelve bar', 'delta blues', 'chicago blues', 'blues rock', 'shuffle blues', 'rhythm and blues', 'boogie woogie'],
      es: ['blues'],
      fr: ['blues'],
      de: ['blues'],
      pt: ['blues'],
    },
    modifiers: { en: ['bluesy'], es: ['bluesero'], fr: ['bluesy'], de: ['bluesig'], pt: ['bluesy'] },
  },
  celtic: {
    words: {
      en: ['celtic', 'irish', 'scottish', 'jig', 'reel', 'irish folk', 'gaelic', 'highland', 'shanty', 'sea shanty', 'pub song', 'breton'],
      es: ['celta', 'celtica', 'irlandes', 'irlandesa', 'escoces', 'escocesa', 'gallega', 'musica celta'],
      fr: ['celtique', 'irlandais', 'irlandaise', 'ecossais', 'ecossaise', 'breton', 'bretonne', 'gigue'],
      de: ['keltisch', 'keltische', 'irisch', 'irische', 'schottisch', 'schottische'],
      pt: ['celta', 'celtica', 'celtico', 'irlandes', 'irlandesa', 'escoces', 'escocesa'],
    },
  },
};
