import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadVoiceBank } from '../../node/load-voices.js';
import { EngineError } from '../../src/types.js';
import { speakPhones } from '../../src/vocals/flite/flite-voice.js';
import { compileFlite } from '../../src/vocals/flite/flite-wasi.js';
import { syllabifyLine } from '../../src/vocals/pronounce.js';
import { getSinger, singPhrases, sungSpeechStretch } from '../../src/vocals/sing.js';
import { measurePitchAccuracy } from './measure-vocal.js';
import { lay, SAMPLE_RATE_HZ, singAlone } from './sung-line.js';

const voiceBank = loadVoiceBank();

describe('Flite voice', () => {
  it('speaks exactly the phones asked for, in order, with their spans, the same each time', async () => {
    const module = await compileFlite(voiceBank.flite);
    const phones = ['pau', 'hh', 'ax', 'l', 'ow', 'pau'];
    const speech = speakPhones(module, 'slt', phones, 220);
    assert.equal(speech.sampleRateHz, 16000);
    assert.deepEqual(
      speech.phones.map((span) => span.phone),
      phones,
    );
    for (const [index, span] of speech.phones.entries()) {
      assert.ok(span.endSeconds > span.startSeconds, `${span.phone} has a length`);
      if (index > 0) assert.equal(span.startSeconds, speech.phones[index - 1]!.endSeconds);
    }
    assert.ok(Math.abs(speech.pcm.length / 16000 - speech.phones.at(-1)!.endSeconds) < 0.05);
    const again = speakPhones(module, 'slt', phones, 220);
    assert.deepEqual(again.pcm, speech.pcm);
  });

  it('tells the pitch analysis how low each voice speaks: near the asked pitch, or its own range', async () => {
    const module = await compileFlite(voiceBank.flite);
    const phones = ['pau', 'hh', 'ax', 'l', 'ow', 'pau'];
    // slt speaks at the pitch asked for; rms at its own, whatever is asked (analysed as low as ever)
    assert.equal(speakPhones(module, 'slt', phones, 220).lowestPitchHz, 220 * 0.6);
    assert.equal(speakPhones(module, 'rms', phones, 150).lowestPitchHz, undefined);
    // kal16, a diphone voice, speaks exactly the pitch asked for
    assert.equal(speakPhones(module, 'kal16', phones, 110).lowestPitchHz, 110 * 0.6);
    assert.equal(speakPhones(module, 'slt', phones).lowestPitchHz, undefined);
  });

  it('has the fast-speaking rms voice speak a sung line slower, so its vowels are nearly as long as slt’s', async () => {
    const module = await compileFlite(voiceBank.flite);
    // "and stories older than the hills are old": the vowels a held note is read from
    const phones = 'pau ae n d s t ao r iy z ow l d er dh ae n dh ax hh ih l z aa r ow l d ax pau'.split(' ');
    const vowelSeconds = (voice: string, pitchHz: number) =>
      speakPhones(module, voice, phones, pitchHz, sungSpeechStretch(voice, 'sung'))
        .phones.filter((span) => /^[aeiou]/.test(span.phone) && span.phone !== 'ax')
        .reduce((sum, span) => sum + span.endSeconds - span.startSeconds, 0);
    const rms = vowelSeconds('rms', 120);
    const slt = vowelSeconds('slt', 220);
    assert.ok(rms >= 0.85 * slt, `rms's vowels ${rms.toFixed(2)} s against slt's ${slt.toFixed(2)} s`);
    assert.equal(sungSpeechStretch('rms', 'rap'), 1, 'rap keeps the voice’s own pace');
  });

  it('brings kal16’s speech to rms’s level, so both go through the vocal strip as loud', async () => {
    const module = await compileFlite(voiceBank.flite);
    const phones = 'pau dh ax s ih t iy w aa z ax s l iy p pau'.split(' ');
    const rmsDb = (voice: string) => {
      const { pcm } = speakPhones(module, voice, phones, 110);
      let sum = 0;
      for (const sample of pcm) sum += sample * sample;
      return 10 * Math.log10(sum / pcm.length);
    };
    // spoken as Flite gives it, kal16 is about 7 dB under rms
    const difference = rmsDb('kal16') - rmsDb('rms');
    assert.ok(Math.abs(difference) <= 3, `kal16 ${difference.toFixed(1)} dB from rms`);
  });

  it('sings the baritone’s (kal16, diphones) short vowels on their notes, not on the unvoiced hop', async () => {
    // the ballad's second line as the baritone sings it (80 bpm): its "The", "as" and "and" are
    // schwas whose periods the analysis, at the ARCTIC voices' threshold, heard as unvoiced, so
    // they were read on the fixed 4 ms hop and sounded at 250 Hz, 9–14 semitones over the note
    const notes = lay(
      'The city was asleep and everything was right',
      [0.375, 0.375, 0.375, 0.375, 0.375, 1.125, 0.375, 0.375, 0.375, 0.375, 0.375, 0.375],
      [45, 48, 48, 45, 48, 48, 50, 48, 48, 50, 50, 48],
    );
    const pcm = await singAlone(notes, getSinger('baritone'));
    const pitch = measurePitchAccuracy(pcm, SAMPLE_RATE_HZ, notes);
    assert.ok(
      pitch.shareWithin50Cents >= 0.98,
      `${(pitch.shareWithin50Cents * 100).toFixed(1)} % of voiced frames within ±50 cents`,
    );
    for (const [index, share] of pitch.voicedShareByNote.entries())
      assert.ok(
        share >= 0.5,
        `"${notes[index]!.syllable!.text}" is voiced for ${(share * 100).toFixed(0)} % of its note`,
      );
  });

  it('compiles the voice bank once per thread, even when its bytes are copied', async () => {
    const first = compileFlite(voiceBank.flite);
    assert.equal(compileFlite(voiceBank.flite), first);
    assert.equal(compileFlite(new Uint8Array(voiceBank.flite)), first);
  });

  it('refuses a recorded singer without the voice bank, naming what is missing', async () => {
    const notes = syllabifyLine('la').map((syllable) => ({
      startSeconds: 0.5,
      durationSeconds: 0.5,
      midi: 60,
      syllable,
    }));
    await assert.rejects(
      singPhrases({
        phrases: [{ notes }],
        singer: getSinger('alto'),
        delivery: 'sung',
        sampleRateHz: 22050,
        totalSeconds: 2,
      }),
      (error: unknown) => error instanceof EngineError && /voice bank/.test(error.message),
    );
    // The synthetic voice needs no data.
    const pcm = await singPhrases({
      phrases: [{ notes }],
      singer: getSinger('synth'),
      delivery: 'sung',
      sampleRateHz: 22050,
      totalSeconds: 2,
    });
    assert.ok(pcm.some((sample) => sample !== 0));
  });
});
