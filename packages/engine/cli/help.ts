// The --help text, written for people; the numbers come from the same limits the flags enforce.

import { MAX_DURATION_SECONDS, MIN_DURATION_SECONDS } from '../src/duration.js';
import { REQUEST_LIMITS } from '../src/request-validation.js';

const { minBpm, maxBpm, maxSeed, maxPromptCharacters } = REQUEST_LIMITS;

export const HELP = `trackforge-engine: make a finished, mastered music track from a text prompt, offline.

Usage:
  trackforge-engine "<prompt>" [options]
  trackforge-engine batch <prompts-file> --out-dir <folder> [options]
  trackforge-engine --help | --version

The prompt (1-${maxPromptCharacters} characters, quoted) may name a genre, mood, tempo, key, meter and
instruments, or exclude some ("no drums"), in English, Spanish, French, German or Portuguese.
The same prompt, duration, options and seed always give the same track.

Options:
  -o, --out <file>        Audio file to write. Default: track.mp3 (with --json: none, only the summary).
  -f, --format <format>   wav, mp3, ogg or flac. Default: the extension of --out, else mp3.
  -d, --duration <length> Length of the track, ${MIN_DURATION_SECONDS}-${MAX_DURATION_SECONDS} s. Default: short (30 s).
  -s, --seed <n>          Integer from 0 to ${maxSeed}. Default: random (printed in the summary).
      --bpm <n>           Tempo, integer from ${minBpm} to ${maxBpm}. Default: from the prompt and genre.
      --key <key>         "A minor", "F# major", "Bb", "D dorian"... Default: from the prompt and genre.
      --meter <meter>     Time signature: 4/4, 3/4, 6/8, 7/8... Default: from the prompt and genre.
      --chords <chords>   A progression to follow exactly, looped: "Am F C G", "Am:2 F", "| Dm7 G7 | Cmaj7 |",
                          "C/E", or numerals in the key "I V vi IV". Sets the key unless the prompt or --key does.
      --sections <plan>   A section plan as JSON or a JSON file: [{"name": "verse", "bars": 8, "energy": 0.4,
                          "instruments": ["piano", "bass"]}, {"name": "chorus", "seconds": 16}]. Sets the length.
      --melody <file.mid> A MIDI file whose melody the lead plays (its tempo too, unless --bpm is given).
      --lyrics <text>     Words to sing, or @file.txt: a line per phrase, optional [verse] [pre-chorus] [chorus]
                          [bridge] [outro] tags on their own lines (a bare tag repeats that section; [intro],
                          [instrumental] and a bare [outro] mark instrumental sections). Numbers are sung as
                          words. Rapped for hip hop and trap. Lyrics that cannot fit the duration say how
                          long they need.
      --voice <voice>     The singer: soprano (Maya Bright), alto (Nora Vale), tenor (Theo Marsh) or
                          baritone (Silas Grant), by name or id. Without --lyrics it sings the melody on vowels.
      --loop              Make a seamless loop: no fade, the end runs into the start. Default: off.
      --midi <file>       Also write the score as a MIDI file. Default: none.
      --stems <folder>    Also write one WAV per instrument (and vocals.wav) into this folder. Default: none.
      --captions <file>   Also write the sung lines' timing, in the format of the file's extension: .lrc
                          (music players, karaoke), .vtt (the web, with each word's time) or .srt (video
                          editors). Needs --lyrics. Default: none.
      --bank <bank>       Sound bank: full, small or a .sf2/.sf3 file. Default: full.
      --mkdir             Create missing output folders. Default: a missing folder is an error.
      --json              Print the result as one JSON object on stdout (keys as in the API's track).
  -q, --quiet             No progress on stderr.
  -h, --help              This text.
  -v, --version           The version of the engine.

Durations:
  short (30 s), standard (120 s), long (240 s); seconds: 90, 45s; minutes: 2m, 2m30s, 2:30.

Formats:
  The extension of --out decides the format (.mp3, .wav, .ogg, .flac); another extension is an
  error. With --format, the format wins and the extension is changed to match: the CLI says which
  file it wrote. MP3 is 192 kbit/s; WAV is 16-bit; all are 44.1 kHz stereo at -14 LUFS.

Banks:
  full   MuseScore General Lite (40 MB): the best sound, about a second to load.
  small  TimGM6mb (4 MB): loads fast, plainer sound; good for sketches and tests.
  <file> Any General MIDI SoundFont (.sf2 or .sf3) on disk.

Progress:
  A bar on stderr when it is a terminal; one line per stage (brief, composition, rendering,
  mastering, encoding) when stderr is piped or redirected; none with --quiet.

Batch:
  trackforge-engine batch prompts.txt --out-dir tracks/ makes one track per line of the file, in
  one process that keeps the bank loaded and renders on warm threads, then prints a table.
  A line is a prompt, or a JSON object with per-track options:
    {"prompt": "dark techno", "duration": "45s", "seed": 7, "bpm": 128, "key": "A minor",
     "meter": "4/4", "loop": true, "format": "wav", "name": "intro"}
  Blank lines and lines starting with # are skipped. Files are named NN-<name or prompt>.<format>.
  Batch options: --out-dir <folder> (required), --mkdir, --format, --duration, --seed, --bank,
  --midi (write NN-name.mid too), --stems (write NN-name/ stems too), --threads <1-16> (default 2),
  --json (one JSON object per track), --quiet. Every line is checked before any track is made.

Examples:
  trackforge-engine "dark techno, 128 bpm, A minor" --duration 30s --out techno.mp3
  trackforge-engine "chill lo-fi beat" --duration 15s --loop --out loop.wav
  trackforge-engine "jazz trio in F" --duration 2:00 --out jazz.flac --midi jazz.mid --stems jazz-stems/
  for seed in 1 2 3; do trackforge-engine "celtic jig" --seed $seed --out jig-$seed.mp3; done
  trackforge-engine "ambient drone" --duration long --json > drone.json
  trackforge-engine "indie pop" --chords "Am F C/E G" --duration 1:00 --out song.mp3
  trackforge-engine "folk with harp" --melody tune.mid --sections plan.json --out tune.mp3
  trackforge-engine "warm pop ballad" --lyrics @song.txt --voice "Nora Vale" --duration 1:30 --out song.mp3
  trackforge-engine "synth pop" --lyrics @song.txt --duration 1:00 --out song.mp3 --captions song.lrc
  trackforge-engine batch prompts.txt --out-dir tracks/ --mkdir --bank small

Exit codes:
  0  the track (or every batch track) was made
  1  generation failed (for batch: at least one track failed; the table says which)
  2  bad arguments or input: nothing was made; the message names the flag and what is allowed
`;
