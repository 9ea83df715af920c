// Instrument words in five languages → General MIDI programs and a default role. Programs that
// depend on style ("guitar" is distortion in metal, nylon in bossa nova) are resolved per genre.
// Ukulele and pedal steel are not in GM: MUSIC.md maps them to nylon 24 and steel 25.
import type { GenreId, PartRole } from '../types.js';
import type { GenreProfile } from './genres.js';
import type { Words } from './text.js';

export interface InstrumentWord {
  /** Canonical English word; also the exclusion word it belongs to ("no guitar" → "guitar"). */
  id: string;
  name: string;
  program: number | ((genre: GenreProfile) => number);
  role: PartRole;
  isDrums?: boolean;
  /** Can carry the harmony alone (piano, guitar, harp): "solo piano" plays melody and chords. */
  polyphonic?: boolean;
  /** Genre the instrument suggests when the prompt names no genre. */
  genreHint?: GenreId;
  /** Exclusion word when it differs from id ("no guitar" also removes an "acoustic guitar"). */
  family?: string;
  words: Words;
}

// biome-ignore format: compact data table, one entry per line
const GUITAR_BY_GENRE: Partial<Record<GenreId, number>> = { rock: 29, metal: 30, folk: 25, country: 25, celtic: 25, bossa_nova: 24, latin: 24, jazz: 26, lofi: 26, blues: 26, funk: 28, disco: 28, ambient: 25, orchestral: 24, cinematic: 25 };
// biome-ignore format: compact data table, one entry per line
const ELECTRIC_GUITAR_BY_GENRE: Partial<Record<GenreId, number>> = { rock: 29, metal: 30, jazz: 26, lofi: 26, blues: 26, funk: 28, disco: 28 };

function genreBass(genre: GenreProfile): number {
  const bass = genre.instruments.find((choice) => choice.role === 'bass');
  return bass && bass.program >= 32 && bass.program <= 39 ? bass.program : 33;
}

// biome-ignore format: compact data table, one entry per line
export const INSTRUMENT_WORDS: readonly InstrumentWord[] = [
  // Keyboards
  { id: 'piano', name: 'piano', program: 0, role: 'chords', polyphonic: true, words: { en: ['piano', 'grand piano', 'acoustic piano', 'pianos', 'keys'], es: ['piano', 'piano de cola', 'teclado'], fr: ['piano', 'piano a queue', 'clavier'], de: ['klavier', 'flugel', 'piano', 'konzertflugel', 'klaviermusik', 'klavierstuck'], pt: ['piano', 'piano de cauda', 'teclado'] } },
  { id: 'electric piano', name: 'electric piano', program: 4, role: 'chords', polyphonic: true, family: 'piano', words: { en: ['electric piano', 'e-piano', 'rhodes', 'fender rhodes', 'wurlitzer', 'wurli'], es: ['piano electrico'], fr: ['piano electrique'], de: ['e-piano', 'elektrisches klavier', 'elektropiano'], pt: ['piano eletrico'] } },
  { id: 'honky-tonk piano', name: 'honky-tonk piano', program: 3, role: 'chords', polyphonic: true, family: 'piano', words: { en: ['honky-tonk piano', 'saloon piano', 'ragtime piano'] } },
  { id: 'harpsichord', name: 'harpsichord', program: 6, role: 'chords', polyphonic: true, genreHint: 'orchestral', words: { en: ['harpsichord'], es: ['clavecin'], fr: ['clavecin'], de: ['cembalo'], pt: ['cravo'] } },
  { id: 'clavinet', name: 'clavinet', program: 7, role: 'arp', polyphonic: true, genreHint: 'funk', words: { en: ['clavinet', 'clav'], de: ['clavinet'] } },
  { id: 'organ', name: 'organ', program: 16, role: 'chords', polyphonic: true, words: { en: ['organ', 'hammond', 'hammond organ', 'b3'], es: ['organo', 'organo hammond'], fr: ['orgue', 'orgue hammond'], de: ['orgel', 'hammondorgel', 'hammond-orgel'], pt: ['orgao', 'orgao hammond'] } },
  { id: 'church organ', name: 'church organ', program: 19, role: 'chords', polyphonic: true, genreHint: 'orchestral', family: 'organ', words: { en: ['church organ', 'pipe organ', 'cathedral organ'], es: ['organo de iglesia', 'organo de tubos'], fr: ['orgue d eglise', 'grand orgue', 'orgue a tuyaux'], de: ['kirchenorgel', 'pfeifenorgel'], pt: ['orgao de igreja', 'orgao de tubos'] } },
  { id: 'accordion', name: 'accordion', program: 21, role: 'chords', polyphonic: true, genreHint: 'folk', words: { en: ['accordion', 'squeezebox'], es: ['acordeon'], fr: ['accordeon'], de: ['akkordeon', 'ziehharmonika', 'quetschkommode'], pt: ['acordeao', 'sanfona'] } },
  { id: 'bandoneon', name: 'bandoneon', program: 23, role: 'lead', genreHint: 'latin', family: 'accordion', words: { en: ['bandoneon', 'tango accordion'], es: ['bandoneon'], fr: ['bandoneon'], de: ['bandoneon'], pt: ['bandoneon'] } },
  { id: 'harmonica', name: 'harmonica', program: 22, role: 'lead', genreHint: 'blues', words: { en: ['harmonica', 'blues harp', 'mouth organ'], es: ['armonica', 'harmonica'], fr: ['harmonica'], de: ['mundharmonika'], pt: ['gaita de boca', 'harmonica'] } },
  { id: 'melodica', name: 'melodica', program: 22, role: 'lead', family: 'harmonica', words: { en: ['melodica'], es: ['melodica'], fr: ['melodica'], de: ['melodika'], pt: ['escaleta', 'melodica'] } },
  // Chromatic percussion
  { id: 'celesta', name: 'celesta', program: 8, role: 'arp', family: 'bells', words: { en: ['celesta', 'celeste'], es: ['celesta'], fr: ['celesta'], de: ['celesta'], pt: ['celesta'] } },
  { id: 'bells', name: 'bells', program: 9, role: 'arp', words: { en: ['bells', 'glockenspiel', 'chimes', 'sleigh bells'], es: ['campanas', 'glockenspiel', 'campanitas'], fr: ['cloches', 'clochettes', 'glockenspiel', 'carillon'], de: ['glocken', 'glockenspiel', 'glockchen'], pt: ['sinos', 'glockenspiel', 'sininhos'] } },
  { id: 'music box', name: 'music box', program: 10, role: 'arp', family: 'bells', words: { en: ['music box'], es: ['caja de musica'], fr: ['boite a musique'], de: ['spieluhr'], pt: ['caixinha de musica', 'caixa de musica'] } },
  { id: 'vibraphone', name: 'vibraphone', program: 11, role: 'counter', genreHint: 'jazz', family: 'mallets', words: { en: ['vibraphone', 'vibes', 'vibraharp'], es: ['vibrafono'], fr: ['vibraphone'], de: ['vibraphon', 'vibrafon'], pt: ['vibrafone'] } },
  { id: 'marimba', name: 'marimba', program: 12, role: 'arp', family: 'mallets', words: { en: ['marimba'], es: ['marimba'], fr: ['marimba'], de: ['marimba'], pt: ['marimba'] } },
  { id: 'xylophone', name: 'xylophone', program: 13, role: 'arp', family: 'mallets', words: { en: ['xylophone'], es: ['xilofono'], fr: ['xylophone'], de: ['xylophon', 'xylofon'], pt: ['xilofone'] } },
  { id: 'tubular bells', name: 'tubular bells', program: 14, role: 'arp', family: 'bells', words: { en: ['tubular bells', 'church bells'], es: ['campanas tubulares'], fr: ['cloches tubulaires'], de: ['rohrenglocken', 'kirchenglocken'], pt: ['sinos tubulares'] } },
  { id: 'singing bowls', name: 'singing bowls', program: 14, role: 'pad', genreHint: 'ambient', words: { en: ['singing bowl', 'singing bowls', 'tibetan bowls', 'sound bath'], es: ['cuencos tibetanos', 'cuencos cantores'], fr: ['bols chantants', 'bols tibetains'], de: ['klangschalen', 'klangschale'], pt: ['tigelas tibetanas', 'tacas tibetanas'] } },
  { id: 'kalimba', name: 'kalimba', program: 108, role: 'arp', words: { en: ['kalimba', 'thumb piano', 'mbira'], es: ['kalimba'], fr: ['kalimba', 'sanza'], de: ['kalimba'], pt: ['kalimba'] } },
  { id: 'steel drums', name: 'steel drums', program: 114, role: 'lead', genreHint: 'reggae', words: { en: ['steel drum', 'steel drums', 'steel pan', 'steelpan'], es: ['tambor metalico'], fr: ['steel drum'], de: ['steeldrum', 'steelpan'], pt: ['steel drum'] } },
  // Guitars
  { id: 'guitar', name: 'guitar', program: (genre) => GUITAR_BY_GENRE[genre.id] ?? 27, role: 'chords', polyphonic: true, words: { en: ['guitar', 'guitars', 'rhythm guitar'], es: ['guitarra', 'guitarras'], fr: ['guitare', 'guitares'], de: ['gitarre', 'gitarren'], pt: ['guitarra', 'guitarras'] } },
  { id: 'acoustic guitar', name: 'acoustic guitar', program: 25, role: 'chords', polyphonic: true, family: 'guitar', words: { en: ['acoustic guitar', 'steel-string guitar', 'steel string guitar', 'twelve-string guitar', '12-string guitar'], es: ['guitarra acustica'], fr: ['guitare acoustique', 'guitare folk'], de: ['akustikgitarre', 'akustische gitarre', 'westerngitarre'], pt: ['violao de aco', 'guitarra acustica', 'violao acustico'] } },
  { id: 'nylon guitar', name: 'nylon guitar', program: 24, role: 'chords', polyphonic: true, genreHint: 'bossa_nova', family: 'guitar', words: { en: ['nylon guitar', 'nylon-string guitar', 'classical guitar', 'spanish guitar', 'flamenco guitar'], es: ['guitarra clasica', 'guitarra espanola', 'guitarra flamenca', 'guitarra criolla'], fr: ['guitare classique', 'guitare espagnole'], de: ['konzertgitarre', 'klassische gitarre', 'spanische gitarre'], pt: ['violao', 'violao de nylon', 'violao classico', 'violao de nailon'] } },
  { id: 'ukulele', name: 'ukulele', program: 24, role: 'chords', polyphonic: true, family: 'guitar', words: { en: ['ukulele', 'ukelele', 'uke'], es: ['ukelele', 'ukulele'], fr: ['ukulele'], de: ['ukulele'], pt: ['ukulele', 'cavaquinho'] } },
  { id: 'electric guitar', name: 'electric guitar', program: (genre) => ELECTRIC_GUITAR_BY_GENRE[genre.id] ?? 27, role: 'chords', polyphonic: true, family: 'guitar', words: { en: ['electric guitar', 'electric guitars', 'clean guitar', 'telecaster', 'stratocaster', 'strat'], es: ['guitarra electrica'], fr: ['guitare electrique'], de: ['e-gitarre', 'elektrische gitarre', 'elektrogitarre'], pt: ['guitarra eletrica'] } },
  { id: 'jazz guitar', name: 'jazz guitar', program: 26, role: 'chords', polyphonic: true, genreHint: 'jazz', family: 'guitar', words: { en: ['jazz guitar', 'hollow body guitar', 'hollowbody'], es: ['guitarra de jazz', 'guitarra jazz'], fr: ['guitare jazz'], de: ['jazzgitarre'], pt: ['guitarra de jazz'] } },
  { id: 'distorted guitar', name: 'distortion guitar', program: 30, role: 'chords', polyphonic: true, genreHint: 'rock', family: 'guitar', words: { en: ['distorted guitar', 'distortion guitar', 'heavy guitar', 'heavy guitars', 'power chords', 'riffs', 'guitar riffs', 'shredding', 'shred'], es: ['guitarra distorsionada', 'guitarra con distorsion'], fr: ['guitare saturee', 'guitare distordue'], de: ['verzerrte gitarre', 'verzerrte gitarren'], pt: ['guitarra distorcida'] } },
  { id: 'overdriven guitar', name: 'overdriven guitar', program: 29, role: 'lead', genreHint: 'rock', family: 'guitar', words: { en: ['overdriven guitar', 'overdrive guitar', 'crunchy guitar', 'lead guitar', 'guitar solo', 'guitar lead'], es: ['guitarra solista', 'solo de guitarra'], fr: ['guitare solo', 'solo de guitare'], de: ['leadgitarre', 'gitarrensolo'], pt: ['guitarra solo', 'solo de guitarra'] } },
  { id: 'muted guitar', name: 'muted guitar', program: 28, role: 'arp', genreHint: 'funk', family: 'guitar', words: { en: ['muted guitar', 'funk guitar', 'funky guitar', 'chicken scratch'], es: ['guitarra funk'], fr: ['guitare funk'], de: ['funkgitarre'], pt: ['guitarra funk'] } },
  { id: 'pedal steel', name: 'pedal steel', program: 25, role: 'counter', genreHint: 'country', family: 'guitar', words: { en: ['pedal steel', 'pedal steel guitar', 'lap steel', 'slide guitar', 'dobro', 'steel guitar'], es: ['pedal steel'], fr: ['pedal steel'], de: ['pedal steel'], pt: ['pedal steel'] } },
  { id: 'banjo', name: 'banjo', program: 105, role: 'arp', genreHint: 'country', words: { en: ['banjo'], es: ['banjo'], fr: ['banjo'], de: ['banjo'], pt: ['banjo'] } },
  { id: 'mandolin', name: 'mandolin', program: 105, role: 'arp', genreHint: 'folk', family: 'banjo', words: { en: ['mandolin', 'bouzouki'], es: ['mandolina'], fr: ['mandoline'], de: ['mandoline'], pt: ['bandolim'] } },
  { id: 'sitar', name: 'sitar', program: 104, role: 'lead', words: { en: ['sitar'], es: ['sitar'], fr: ['sitar'], de: ['sitar'], pt: ['citara', 'sitar'] } },
  { id: 'koto', name: 'koto', program: 107, role: 'arp', words: { en: ['koto', 'guzheng'], es: ['koto'], fr: ['koto'], de: ['koto'], pt: ['koto'] } },
  { id: 'shamisen', name: 'shamisen', program: 106, role: 'arp', words: { en: ['shamisen'], de: ['shamisen'] } },
  // Basses
  { id: 'bass', name: 'bass', program: genreBass, role: 'bass', words: { en: ['bass', 'bassline', 'bass line', 'basses'], es: ['bajo', 'linea de bajo'], fr: ['basse', 'ligne de basse'], de: ['bass', 'bassline', 'basslinie'], pt: ['baixo', 'linha de baixo'] } },
  { id: 'upright bass', name: 'upright bass', program: 32, role: 'bass', family: 'bass', words: { en: ['upright bass', 'double bass', 'acoustic bass', 'stand-up bass', 'contrabass', 'standup bass'], es: ['contrabajo'], fr: ['contrebasse'], de: ['kontrabass'], pt: ['contrabaixo', 'baixo acustico'] } },
  { id: 'electric bass', name: 'electric bass', program: 33, role: 'bass', family: 'bass', words: { en: ['electric bass', 'bass guitar', 'fingered bass'], es: ['bajo electrico'], fr: ['basse electrique'], de: ['e-bass', 'elektrischer bass', 'bassgitarre'], pt: ['baixo eletrico', 'contrabaixo eletrico'] } },
  { id: 'fretless bass', name: 'fretless bass', program: 35, role: 'bass', family: 'bass', words: { en: ['fretless bass', 'fretless'], es: ['bajo fretless', 'bajo sin trastes'], de: ['bundloser bass'], pt: ['baixo fretless'] } },
  { id: 'slap bass', name: 'slap bass', program: 36, role: 'bass', genreHint: 'funk', family: 'bass', words: { en: ['slap bass', 'slapped bass'], es: ['bajo slap'], fr: ['basse slap'], de: ['slap-bass', 'slapbass'], pt: ['baixo slap'] } },
  { id: 'synth bass', name: 'synth bass', program: 38, role: 'bass', family: 'bass', words: { en: ['synth bass', 'bass synth', 'sub bass', 'sub-bass', 'reese', 'reese bass', 'wobble bass', 'acid bass', '303'], es: ['bajo sintetizado', 'sub bajo'], fr: ['basse synthe', 'basse synthetique'], de: ['synthbass', 'synth-bass', 'subbass'], pt: ['baixo sintetizado', 'sub grave'] } },
  { id: '808', name: '808 bass', program: 38, role: 'bass', genreHint: 'trap', family: '808', words: { en: ['808', '808s', '808 bass', 'tr-808', 'tr 808', 'roland 808'], es: ['808'], fr: ['808'], de: ['808'], pt: ['808'] } },
  // Strings
  { id: 'strings', name: 'strings', program: 48, role: 'pad', polyphonic: true, genreHint: 'orchestral', words: { en: ['strings', 'string section', 'string ensemble', 'string orchestra', 'lush strings'], es: ['cuerdas', 'seccion de cuerdas', 'orquesta de cuerdas', 'instrumentos de cuerda'], fr: ['cordes', 'section de cordes', 'orchestre a cordes'], de: ['streicher', 'streichorchester', 'streichinstrumente'], pt: ['cordas', 'secao de cordas', 'orquestra de cordas'] } },
  { id: 'pizzicato strings', name: 'pizzicato strings', program: 45, role: 'arp', family: 'strings', words: { en: ['pizzicato', 'pizzicato strings', 'pizz'], es: ['pizzicato'], fr: ['pizzicato'], de: ['pizzicato'], pt: ['pizzicato'] } },
  { id: 'synth strings', name: 'synth strings', program: 50, role: 'pad', polyphonic: true, genreHint: 'synthwave', family: 'strings', words: { en: ['synth strings', 'string machine'], es: ['cuerdas sinteticas'], fr: ['cordes synthetiques'], de: ['synthstreicher'], pt: ['cordas sintetizadas'] } },
  { id: 'violin', name: 'violin', program: 40, role: 'lead', words: { en: ['violin', 'violins', 'solo violin'], es: ['violin', 'violines'], fr: ['violon', 'violons'], de: ['geige', 'geigen', 'violine', 'violinen'], pt: ['violino', 'violinos', 'rabeca'] } },
  { id: 'fiddle', name: 'fiddle', program: 110, role: 'lead', genreHint: 'celtic', family: 'violin', words: { en: ['fiddle', 'fiddles'], es: ['violin folk'], fr: ['violon folk'], de: ['fiedel', 'fidel'], pt: ['rabeca'] } },
  { id: 'viola', name: 'viola', program: 41, role: 'counter', words: { en: ['viola'], es: ['viola'], fr: ['alto violon'], de: ['bratsche', 'viola'], pt: ['viola de arco'] } },
  { id: 'cello', name: 'cello', program: 42, role: 'counter', words: { en: ['cello', 'cellos', 'violoncello'], es: ['chelo', 'violonchelo', 'cello'], fr: ['violoncelle', 'violoncelles'], de: ['cello', 'celli', 'violoncello'], pt: ['violoncelo', 'cello'] } },
  { id: 'harp', name: 'harp', program: 46, role: 'arp', polyphonic: true, words: { en: ['harp', 'harps', 'celtic harp'], es: ['arpa'], fr: ['harpe'], de: ['harfe'], pt: ['harpa'] } },
  { id: 'timpani', name: 'timpani', program: 47, role: 'percussion', genreHint: 'orchestral', words: { en: ['timpani', 'kettle drums', 'kettledrums'], es: ['timbales sinfonicos', 'timpanos'], fr: ['timbales d orchestre'], de: ['pauken', 'pauke'], pt: ['timpanos'] } },
  // Voices
  { id: 'choir', name: 'choir', program: 52, role: 'pad', polyphonic: true, genreHint: 'orchestral', family: 'choir', words: { en: ['choir', 'choirs', 'choral', 'chorale', 'chanting', 'chant', 'monks'], es: ['coro', 'coral', 'coros'], fr: ['choeur', 'choeurs', 'chorale'], de: ['chor', 'chore', 'choral'], pt: ['coro', 'coral'] } },
  { id: 'vocals', name: 'voice', program: 53, role: 'lead', family: 'vocals', words: { en: ['vocals', 'vocal', 'voice', 'voices', 'singing', 'singer', 'humming', 'ooh', 'oohs', 'aah', 'aahs', 'lyrics', 'female vocals', 'male vocals'], es: ['voz', 'voces', 'vocales', 'canto', 'cantante', 'letra'], fr: ['voix', 'chant', 'chanteuse', 'chanteur', 'paroles'], de: ['gesang', 'stimme', 'stimmen', 'sangerin', 'sanger'], pt: ['voz', 'vozes', 'vocais', 'vocal', 'canto', 'cantora', 'cantor', 'letra'] } },
  // Brass and winds
  { id: 'brass', name: 'brass section', program: 61, role: 'counter', polyphonic: true, words: { en: ['brass', 'brass section', 'horn section', 'horns'], es: ['metales', 'vientos metal', 'seccion de metales', 'seccion de vientos'], fr: ['cuivres', 'section de cuivres'], de: ['blechblaser', 'blaser', 'blechblasersatz', 'blasersatz'], pt: ['metais', 'naipe de metais', 'sopros'] } },
  { id: 'trumpet', name: 'trumpet', program: 56, role: 'lead', family: 'brass', words: { en: ['trumpet', 'trumpets', 'cornet', 'flugelhorn'], es: ['trompeta', 'trompetas'], fr: ['trompette', 'trompettes'], de: ['trompete', 'trompeten'], pt: ['trompete', 'trompetes'] } },
  { id: 'muted trumpet', name: 'muted trumpet', program: 59, role: 'lead', genreHint: 'jazz', family: 'brass', words: { en: ['muted trumpet'], es: ['trompeta con sordina'], fr: ['trompette bouchee', 'trompette avec sourdine'], de: ['gedampfte trompete'], pt: ['trompete com surdina'] } },
  { id: 'trombone', name: 'trombone', program: 57, role: 'counter', family: 'brass', words: { en: ['trombone', 'trombones'], es: ['trombon'], fr: ['trombone'], de: ['posaune', 'posaunen'], pt: ['trombone'] } },
  { id: 'tuba', name: 'tuba', program: 58, role: 'bass', family: 'brass', words: { en: ['tuba', 'sousaphone'], es: ['tuba'], fr: ['tuba'], de: ['tuba'], pt: ['tuba'] } },
  { id: 'french horn', name: 'french horn', program: 60, role: 'counter', genreHint: 'orchestral', family: 'brass', words: { en: ['french horn', 'french horns'], es: ['trompa', 'trompas', 'corno'], fr: ['cor d harmonie', 'cors'], de: ['horn', 'horner', 'waldhorn'], pt: ['trompa', 'trompas'] } },
  { id: 'sax', name: 'saxophone', program: (genre) => (genre.id === 'jazz' || genre.id === 'blues' ? 66 : 65), role: 'lead', genreHint: 'jazz', words: { en: ['sax', 'saxophone', 'saxophones', 'alto sax', 'alto saxophone'], es: ['saxo', 'saxofon', 'saxofonista'], fr: ['saxo', 'saxophone'], de: ['saxophon', 'saxofon', 'saxophone'], pt: ['sax', 'saxofone'] } },
  { id: 'tenor sax', name: 'tenor sax', program: 66, role: 'lead', genreHint: 'jazz', family: 'sax', words: { en: ['tenor sax', 'tenor saxophone'], es: ['saxo tenor'], fr: ['saxophone tenor', 'saxo tenor'], de: ['tenorsaxophon', 'tenorsaxofon'], pt: ['sax tenor', 'saxofone tenor'] } },
  { id: 'soprano sax', name: 'soprano sax', program: 64, role: 'lead', family: 'sax', words: { en: ['soprano sax', 'soprano saxophone'], es: ['saxo soprano'], fr: ['saxophone soprano'], de: ['sopransaxophon'], pt: ['sax soprano'] } },
  { id: 'baritone sax', name: 'baritone sax', program: 67, role: 'counter', family: 'sax', words: { en: ['baritone sax', 'bari sax'], es: ['saxo baritono'], fr: ['saxophone baryton'], de: ['baritonsaxophon'], pt: ['sax baritono'] } },
  { id: 'flute', name: 'flute', program: 73, role: 'lead', words: { en: ['flute', 'flutes'], es: ['flauta', 'flautas', 'flauta traversa'], fr: ['flute', 'flutes', 'flute traversiere'], de: ['flote', 'floten', 'querflote'], pt: ['flauta', 'flautas', 'flauta transversal'] } },
  { id: 'piccolo', name: 'piccolo', program: 72, role: 'lead', family: 'flute', words: { en: ['piccolo'], es: ['flautin', 'piccolo'], fr: ['piccolo'], de: ['piccoloflote', 'pikkoloflote'], pt: ['flautim'] } },
  { id: 'recorder', name: 'recorder', program: 74, role: 'lead', family: 'flute', words: { en: ['recorder'], es: ['flauta dulce'], fr: ['flute a bec'], de: ['blockflote'], pt: ['flauta doce'] } },
  { id: 'pan flute', name: 'pan flute', program: 75, role: 'lead', family: 'flute', words: { en: ['pan flute', 'panpipes', 'pan pipes'], es: ['flauta de pan', 'zampona', 'quena'], fr: ['flute de pan'], de: ['panflote'], pt: ['flauta de pa'] } },
  { id: 'shakuhachi', name: 'shakuhachi', program: 77, role: 'lead', family: 'flute', words: { en: ['shakuhachi', 'bamboo flute'], es: ['flauta de bambu'], fr: ['flute de bambou'], de: ['bambusflote'], pt: ['flauta de bambu'] } },
  { id: 'whistle', name: 'tin whistle', program: 78, role: 'lead', genreHint: 'celtic', words: { en: ['tin whistle', 'penny whistle', 'low whistle', 'whistle', 'whistling'], es: ['silbato', 'silbido', 'flauta irlandesa'], fr: ['flutiau', 'sifflet', 'sifflement'], de: ['tin whistle', 'pfeifen', 'flageolett'], pt: ['assobio', 'apito'] } },
  { id: 'ocarina', name: 'ocarina', program: 79, role: 'lead', words: { en: ['ocarina'], es: ['ocarina'], fr: ['ocarina'], de: ['okarina'], pt: ['ocarina'] } },
  { id: 'clarinet', name: 'clarinet', program: 71, role: 'lead', words: { en: ['clarinet', 'clarinets'], es: ['clarinete'], fr: ['clarinette'], de: ['klarinette'], pt: ['clarinete'] } },
  { id: 'oboe', name: 'oboe', program: 68, role: 'lead', words: { en: ['oboe', 'english horn', 'cor anglais'], es: ['oboe'], fr: ['hautbois', 'cor anglais'], de: ['oboe', 'englischhorn'], pt: ['oboe'] } },
  { id: 'bassoon', name: 'bassoon', program: 70, role: 'counter', words: { en: ['bassoon'], es: ['fagot'], fr: ['basson'], de: ['fagott'], pt: ['fagote'] } },
  { id: 'woodwinds', name: 'woodwinds', program: 73, role: 'counter', family: 'woodwinds', words: { en: ['woodwinds', 'woodwind'], es: ['vientos madera', 'maderas'], fr: ['instruments a vent'], de: ['holzblaser'], pt: ['madeiras'] } },
  { id: 'bagpipes', name: 'bagpipes', program: 109, role: 'lead', genreHint: 'celtic', words: { en: ['bagpipe', 'bagpipes', 'uilleann pipes'], es: ['gaita', 'gaitas', 'gaita gallega'], fr: ['cornemuse', 'biniou'], de: ['dudelsack'], pt: ['gaita de foles'] } },
  // Synths
  { id: 'synth', name: 'synth', program: 90, role: 'chords', polyphonic: true, genreHint: 'synthwave', family: 'synth', words: { en: ['synth', 'synths', 'synthesizer', 'synthesizers', 'polysynth', 'analog synth', 'moog', 'juno'], es: ['sintetizador', 'sintetizadores', 'sinte'], fr: ['synthe', 'synthes', 'synthetiseur', 'synthetiseurs', 'synth'], de: ['synthesizer', 'synth', 'synthie'], pt: ['sintetizador', 'sintetizadores', 'synth'] } },
  { id: 'synth lead', name: 'synth lead', program: 81, role: 'lead', family: 'synth', words: { en: ['synth lead', 'lead synth', 'saw lead', 'sawtooth', 'supersaw'], es: ['sintetizador principal', 'lead de sintetizador'], fr: ['synthe lead', 'lead synthe'], de: ['lead-synth', 'leadsynth'], pt: ['synth lead'] } },
  { id: 'square lead', name: 'square lead', program: 80, role: 'lead', genreHint: 'chiptune', family: 'synth', words: { en: ['square wave', 'square lead', 'pulse wave', 'chip lead'], es: ['onda cuadrada'], fr: ['onde carree'], de: ['rechteckwelle'], pt: ['onda quadrada'] } },
  { id: 'synth arp', name: 'synth arpeggio', program: 81, role: 'arp', genreHint: 'synthwave', family: 'synth', words: { en: ['arpeggiator', 'synth arp', 'arpeggiated synth', 'arps'], es: ['arpegiador'], fr: ['arpegiateur'], de: ['arpeggiator'], pt: ['arpejador'] } },
  { id: 'pads', name: 'synth pad', program: 89, role: 'pad', polyphonic: true, family: 'pads', words: { en: ['pad', 'pads', 'synth pad', 'synth pads', 'warm pad', 'ambient pad', 'drones'], es: ['pad', 'pads', 'colchon de sintetizador', 'colchones'], fr: ['nappe', 'nappes', 'pad'], de: ['flache', 'flachen', 'pad', 'pads', 'synthflachen'], pt: ['pad', 'pads', 'colchao'] } },
  // Drums and percussion
  { id: 'drums', name: 'drums', program: (genre) => genre.drumKit, role: 'drums', isDrums: true, words: { en: ['drums', 'drum', 'drum kit', 'drumkit', 'drum set', 'drumset', 'kit', 'beat', 'beats', 'breakbeats'], es: ['bateria', 'tambores', 'ritmo de bateria'], fr: ['batterie', 'batteries', 'tambours'], de: ['schlagzeug', 'trommeln', 'drums', 'beats'], pt: ['bateria', 'tambores', 'batida', 'batidas'] } },
  { id: 'drum machine', name: 'drum machine', program: 24, role: 'drums', isDrums: true, family: 'drums', words: { en: ['drum machine', 'electronic drums', '909', 'tr-909', 'linndrum'], es: ['caja de ritmos', 'bateria electronica'], fr: ['boite a rythmes', 'batterie electronique'], de: ['drumcomputer', 'elektronisches schlagzeug', 'rhythmusmaschine'], pt: ['bateria eletronica', 'caixa de ritmos'] } },
  { id: '808 drums', name: 'TR-808 drums', program: 25, role: 'drums', isDrums: true, genreHint: 'trap', family: 'drums', words: { en: ['808 drums', '808 kit', '808 beat'], es: ['bateria 808'], fr: ['batterie 808'], de: ['808 drums'], pt: ['bateria 808'] } },
  { id: 'brushes', name: 'brush drums', program: 40, role: 'drums', isDrums: true, genreHint: 'jazz', family: 'drums', words: { en: ['brushes', 'brush drums', 'brushed drums', 'brush kit'], es: ['escobillas', 'bateria con escobillas'], fr: ['balais', 'batterie aux balais'], de: ['besen', 'besenschlagzeug'], pt: ['vassourinhas', 'vassouras'] } },
  { id: 'jazz drums', name: 'jazz drums', program: 32, role: 'drums', isDrums: true, genreHint: 'jazz', family: 'drums', words: { en: ['jazz drums', 'jazz kit', 'ride cymbal'], es: ['bateria de jazz'], fr: ['batterie jazz'], de: ['jazzschlagzeug'], pt: ['bateria de jazz'] } },
  { id: 'rhythm section', name: 'drums', program: (genre) => genre.drumKit, role: 'drums', isDrums: true, words: { en: ['rhythm section', 'backing band'], es: ['seccion ritmica'], fr: ['section rythmique'], de: ['rhythmusgruppe', 'rhythmussektion'], pt: ['secao ritmica'] } },
  { id: 'percussion', name: 'percussion', program: (genre) => genre.drumKit, role: 'percussion', isDrums: true, words: { en: ['percussion', 'percussions', 'hand percussion', 'congas', 'conga', 'bongos', 'bongo', 'shaker', 'shakers', 'maracas', 'tambourine', 'cowbell', 'claves', 'cajon', 'djembe', 'handclaps', 'claps', 'shekere', 'guiro', 'timbales', 'bodhran', 'tabla'], es: ['percusion', 'percusiones', 'congas', 'bongos', 'maracas', 'pandereta', 'cencerro', 'cajon', 'palmas', 'guiro', 'claves'], fr: ['percussion', 'percussions', 'congas', 'bongos', 'maracas', 'tambourin', 'cajon', 'claquements de mains', 'djembe'], de: ['perkussion', 'percussion', 'schlagwerk', 'congas', 'bongos', 'rasseln', 'tamburin', 'kuhglocke', 'cajon', 'klatschen'], pt: ['percussao', 'congas', 'bongos', 'maracas', 'pandeiro', 'chocalho', 'cajon', 'palmas', 'agogo', 'cuica', 'tamborim', 'surdo'] } },
  { id: 'taiko', name: 'taiko', program: 116, role: 'percussion', genreHint: 'cinematic', family: 'percussion', words: { en: ['taiko', 'taiko drums', 'war drums', 'epic drums', 'big drums'], es: ['taiko', 'tambores de guerra'], fr: ['taiko', 'tambours de guerre'], de: ['taiko', 'kriegstrommeln'], pt: ['taiko', 'tambores de guerra'] } },
];

/** An instrument the prompt names (kept here, beside its word, so ensembles.ts and instrument-mentions.ts need not import each other). */
export interface InstrumentMention {
  word: InstrumentWord;
  /** Role the prompt gave it ("cello lead", "piano chords"), or null. */
  role: PartRole | null;
  /** Named under "only"/"solo": the arrangement is exactly the "only" instruments. */
  only: boolean;
}
