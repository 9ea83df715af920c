// The only file that knows every stage: request → brief → composition → rendering → mastering →
// encoding, with progress, cancellation and streaming of finished audio.
import { createAudioStream } from './audio-stream.js';
import { computeWaveformPeaks, encodeAudioFile, encodeMidi, encodeMp3, encodeWav } from './encoding/index.js';
import { prepareTrack } from './inputs/prepare.js';
import { composeRequest, extensionRootOf } from './lineage.js';
import { MasterEq, type MasterGains, masterTrack } from './mastering/index.js';
import { type RenderPool, renderComposition } from './rendering/index.js';
import { resolveOutputs } from './request-validation.js';
import { summariseMusic } from './summary.js';
import {
  type AudioBuffer,
  type AudioFormat,
  EngineError,
  type GenerateDeps,
  type Stage,
  type TrackRequest,
  type TrackResult,
} from './types.js';

const SAMPLE_RATE = 44100;
const TARGET_LOUDNESS_LUFS = -14;
// The bar is ≤ −1 dBTP as an independent meter reads the delivered 16-bit file. Interpolation
// filters differ between meters and dither adds a little, so the limiter aims 0.3 dB under:
// at −1.0 the eval's analyzer read up to −0.92 dBTP on 6 of 16 prompts.
const CEILING_DBTP = -1.3;
const FADE_IN_SECONDS = 0.005;
const FADE_OUT_SECONDS = 0.6;
const LOOP_CROSSFADE_SECONDS = 0.25;

/** Where each stage's progress lands in the overall 0..1 (rendering dominates the wall time). */
const PROGRESS_SPANS: Record<Stage, [number, number]> = {
  brief: [0, 0.01],
  composition: [0.01, 0.04],
  rendering: [0.04, 0.7],
  mastering: [0.7, 0.8],
  encoding: [0.8, 1],
};

/** GenerateDeps plus an optional pool of warm render threads (createRenderPool), made once per process. */
export interface PipelineDeps extends GenerateDeps {
  renderPool?: RenderPool;
}

/**
 * Generates a finished track from a prompt.
 * @example
 *   const bank = loadSoundBank(bytes, 'MuseScore_General_Lite');
 *   const track = await generateTrack({ prompt: 'lo-fi beat, rainy night', durationSeconds: 120, seed: 7 }, { bank });
 */
export async function generateTrack(given: TrackRequest, deps: PipelineDeps): Promise<TrackResult> {
  // Checks the request and its inputs; a section plan sets the length.
  const prepared = prepareTrack(given);
  const request: TrackRequest = { ...given, durationSeconds: prepared.durationSeconds };
  const outputs = resolveOutputs(request.outputs);
  const timingsMs: Partial<Record<Stage, number>> = {};
  let lastProgress = 0;
  const report = (stage: Stage, fraction: number) => {
    const [from, to] = PROGRESS_SPANS[stage];
    const overall = Math.max(lastProgress, from + (to - from) * Math.max(0, Math.min(1, fraction)));
    lastProgress = overall;
    deps.onProgress?.(overall, stage);
  };
  const checkAborted = (stage: Stage) => {
    if (deps.signal?.aborted) throw new EngineError(stage, 'generation was aborted');
  };
  const run = async <T>(stage: Stage, work: () => T | Promise<T>): Promise<T> => {
    checkAborted(stage);
    report(stage, 0);
    const startMs = performance.now();
    try {
      return await work();
    } catch (error) {
      if (error instanceof EngineError) throw error;
      if (deps.signal?.aborted) throw new EngineError(stage, 'generation was aborted');
      throw new EngineError(stage, `${stage} failed: ${(error as Error).message}`);
    } finally {
      timingsMs[stage] = Math.round(performance.now() - startMs);
      if (!deps.signal?.aborted) report(stage, 1);
    }
  };

  // The brief was made with the request's checks above (prepareTrack); a variation's or extension's
  // comes with its score, made from the request it derives from (lineage.ts) in 'composition'.
  await run('brief', () => prepared.brief);
  const score = await run('composition', () => composeRequest(request, prepared));
  const { brief, composition } = score;

  // The master's EQ runs on each block as it is rendered, where this thread waits for the render
  // threads anyway, and the stream and the master then skip it. Loops filter their pre-roll too,
  // so masterTrack keeps theirs.
  const eq = request.loop ? undefined : new MasterEq(SAMPLE_RATE);
  const stream = deps.onChunk
    ? createAudioStream({
        sampleRate: SAMPLE_RATE,
        targetLoudnessLufs: TARGET_LOUDNESS_LUFS,
        ceilingDbtp: CEILING_DBTP,
        fadeInSeconds: FADE_IN_SECONDS,
        equalized: eq !== undefined,
        onChunk: deps.onChunk,
      })
    : undefined;
  const rendered = await run('rendering', async () => {
    // An extension is mastered with the gains of the track it continues, measured on that track's
    // own mix, which is rendered again first: the request carries no audio, only its lineage.
    const fixedGains = request.extend
      ? await measureMasterGains(extensionRootOf(request), deps, (fraction) =>
          report('rendering', fraction * 0.4),
        )
      : undefined;
    const progressFrom = fixedGains ? 0.4 : 0;
    const result = await renderComposition(composition, deps.bank, {
      sampleRate: SAMPLE_RATE,
      stems: outputs.stems,
      genre: brief.genre,
      synthesis: deps.synthesis,
      voiceBank: deps.voiceBank,
      seed: request.seed,
      signal: deps.signal,
      createSource: deps.renderPool?.createSource,
      onProgress: (fraction) => report('rendering', progressFrom + fraction * (1 - progressFrom)),
      onBlock: (block) => {
        eq?.process(block.left, block.right, block.left, block.right, 0, block.left.length);
        stream?.push(block.startSample, block.left, block.right);
      },
    });
    stream?.end();
    return { ...result, fixedGains };
  });

  const mastered = await run('mastering', () => {
    const result = masterTrack(rendered.mix, {
      targetLoudnessLufs: TARGET_LOUDNESS_LUFS,
      ceilingDbtp: CEILING_DBTP,
      fadeInSeconds: FADE_IN_SECONDS,
      fadeOutSeconds: request.loop ? 0 : FADE_OUT_SECONDS,
      loop: request.loop ?? false,
      crossfadeSeconds: request.loop ? LOOP_CROSSFADE_SECONDS : 0,
      equalized: eq !== undefined,
      ...(rendered.fixedGains ? { fixedGains: rendered.fixedGains } : {}),
      // nothing reads the mix after this, so it is mastered where it lies (a 120 s mix is 42 MB)
      inPlace: true,
      onProgress: (fraction) => report('mastering', fraction),
    });
    // Stems get the master's loudness gain (not its EQ or limiter), so they line up with the mastered
    // mix, lowered together where that would clip one of them.
    const masterGain = 10 ** (result.gainDb / 20);
    return { ...result, stemGain: rendered.stems ? stemsGain(rendered.stems, masterGain) : masterGain };
  });

  const encoded = await run('encoding', async () => {
    const formats = [...new Set(outputs.formats)];
    const stemCount = outputs.stems ? (rendered.stems?.length ?? 0) : 0;
    // MP3 counts as half the stage: it is most of its work
    const otherJobs = formats.filter((format) => format !== 'mp3').length + stemCount + 2;
    const mp3Share = formats.includes('mp3') ? otherJobs : 0;
    let otherDone = 0;
    let mp3Fraction = 0;
    const step = () => report('encoding', (otherDone + mp3Fraction * mp3Share) / (otherJobs + mp3Share));
    // MP3 segments go to the pool's threads at once; this thread makes the other files first and
    // then takes segments too
    let startLocalMp3 = () => {};
    const localStart = new Promise<void>((resolve) => {
      startLocalMp3 = resolve;
    });
    const mp3 = formats.includes('mp3')
      ? encodeMp3(mastered.buffer, {
          bitrateKbps: 192,
          helpers: deps.renderPool?.mp3SegmentEncoders,
          localStart,
          signal: deps.signal,
          onBytes: deps.onMp3Bytes,
          onProgress: (fraction) => {
            mp3Fraction = fraction;
            step();
          },
        })
      : undefined;
    mp3?.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
    try {
      const others = new Map<AudioFormat, Uint8Array>();
      for (const format of formats) {
        if (format === 'mp3') continue;
        checkAborted('encoding');
        const onFileBytes = deps.onFileBytes;
        const onBytes = onFileBytes ? (bytes: Uint8Array) => onFileBytes(format, bytes) : undefined;
        others.set(format, await encodeAudioFile(format, mastered.buffer, onBytes));
        otherDone++;
        step();
      }
      const midi = outputs.midi ? encodeMidi(composition) : undefined;
      otherDone++;
      step();
      const waveform = outputs.waveform ? computeWaveformPeaks(mastered.buffer) : undefined;
      otherDone++;
      step();
      const stems = outputs.stems
        ? (rendered.stems ?? []).map((stem) => {
            const wav = encodeWav(scaleBuffer(stem.buffer, mastered.stemGain), { bitDepth: 24 });
            otherDone++;
            step();
            return {
              partId: stem.partId,
              name: stem.name,
              ...(stem.synth ? { synth: stem.synth } : {}),
              wav,
            };
          })
        : undefined;
      startLocalMp3();
      const mp3Bytes = await mp3;
      const files: TrackResult['files'] = {};
      for (const format of formats) files[format] = format === 'mp3' ? mp3Bytes : others.get(format);
      return { files, midi, waveform, stems };
    } finally {
      startLocalMp3();
    }
  });

  const result: TrackResult = {
    brief,
    composition,
    music: summariseMusic(brief, composition),
    audio: {
      sampleRate: SAMPLE_RATE,
      channels: 2,
      durationSeconds: mastered.buffer.left.length / SAMPLE_RATE,
      loudnessLufs: mastered.loudnessLufs,
      truePeakDbtp: mastered.truePeakDbtp,
    },
    files: encoded.files,
    timingsMs,
  };
  if (encoded.midi) result.midi = encoded.midi;
  if (encoded.waveform) result.waveform = encoded.waveform;
  if (encoded.stems) result.stems = encoded.stems;
  return result;
}

/**
 * What masterTrack decided for a (non-extension) request's mix, rendered and equalised exactly as
 * generateTrack does it, so the gains are the ones its own master used.
 */
async function measureMasterGains(
  request: TrackRequest,
  deps: PipelineDeps,
  onProgress: (fraction: number) => void,
): Promise<MasterGains> {
  const { brief, composition } = composeRequest(request);
  const eq = request.loop ? undefined : new MasterEq(SAMPLE_RATE);
  const { mix } = await renderComposition(composition, deps.bank, {
    sampleRate: SAMPLE_RATE,
    genre: brief.genre,
    synthesis: deps.synthesis,
    voiceBank: deps.voiceBank,
    seed: request.seed,
    signal: deps.signal,
    createSource: deps.renderPool?.createSource,
    onProgress,
    onBlock: (block) => eq?.process(block.left, block.right, block.left, block.right, 0, block.left.length),
  });
  return masterTrack(mix, {
    targetLoudnessLufs: TARGET_LOUDNESS_LUFS,
    ceilingDbtp: CEILING_DBTP,
    fadeInSeconds: FADE_IN_SECONDS,
    fadeOutSeconds: request.loop ? 0 : FADE_OUT_SECONDS,
    loop: request.loop ?? false,
    crossfadeSeconds: request.loop ? LOOP_CROSSFADE_SECONDS : 0,
    equalized: eq !== undefined,
    inPlace: true,
  }).gains;
}

/**
 * The gain every stem is written with: the master's loudness gain, lowered so the loudest stem
 * peaks no higher than the mix's ceiling. Stems skip the limiter, so at the master's gain alone a
 * part that carries the track (a sung vocal over a quiet ballad) reached full scale and clipped in
 * its 24-bit file. One gain for all keeps the balance between them.
 */
function stemsGain(stems: readonly { buffer: AudioBuffer }[], masterGain: number): number {
  let peak = 0;
  for (const { buffer } of stems)
    for (const channel of [buffer.left, buffer.right])
      for (let i = 0; i < channel.length; i++) {
        const magnitude = Math.abs(channel[i]!);
        if (magnitude > peak) peak = magnitude;
      }
  const ceiling = 10 ** (CEILING_DBTP / 20);
  return peak * masterGain > ceiling ? ceiling / peak : masterGain;
}

function scaleBuffer(buffer: AudioBuffer, gain: number): AudioBuffer {
  if (gain === 1) return buffer;
  return {
    sampleRate: buffer.sampleRate,
    left: buffer.left.map((value) => value * gain),
    right: buffer.right.map((value) => value * gain),
  };
}
