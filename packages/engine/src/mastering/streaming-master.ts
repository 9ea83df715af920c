// The mastering chain over successive chunks, for progressive streaming: the same EQ, glue
// compressor and true-peak limiter as masterTrack, but with a gain fixed up front (the caller
// predicts it) because loudness of the whole track is not known yet.
import type { AudioBuffer } from '../types.js';
import { STREAMING_LIMITER_MARGIN_DB, StreamingLimiter } from './limiter.js';
import { dbToLinear } from './loudness.js';
import { GLUE_THRESHOLD_DBFS, GlueCompressor, MasterEq } from './tone.js';

export interface StreamingMasterOptions {
  sampleRate: number;
  /** Loudness gain applied after compression, e.g. masterTrack's gainDb for a similar mix. */
  gainDb: number;
  /**
   * The gain the compressor's threshold is set for (default gainDb). masterTrack sets it from the
   * input loudness before making up the limiter's loss; pass its compressionGainDb to match it.
   */
  compressionGainDb?: number;
  /** Default −1 dBTP. */
  ceilingDbtp?: number;
  /** Default 5 ms. */
  fadeInSeconds?: number;
  /** The chunks already went through the master's EQ (MasterEq); default false. */
  equalized?: boolean;
}

export interface StreamingMaster {
  /** Masters the next chunk; returns as many samples as are ready (the limiter lags its input). */
  process(chunk: AudioBuffer): AudioBuffer;
  /** Returns the remaining samples: all outputs together are exactly as long as all inputs. */
  finish(): AudioBuffer;
}

/** Creates a chunk-by-chunk master with a fixed gain; see StreamingMaster. */
export function createStreamingMaster(options: StreamingMasterOptions): StreamingMaster {
  const { sampleRate, gainDb } = options;
  const eq = new MasterEq(sampleRate);
  const compressor = new GlueCompressor(
    sampleRate,
    GLUE_THRESHOLD_DBFS - (options.compressionGainDb ?? gainDb),
  );
  // masterTrack can verify with the 4× meter and go again; a stream cannot, so it keeps a wider
  // margin for what the 2× detector may miss on bright material
  const limiter = new StreamingLimiter(
    sampleRate,
    dbToLinear(gainDb),
    dbToLinear((options.ceilingDbtp ?? -1) - STREAMING_LIMITER_MARGIN_DB),
  );
  const fadeInSamples = Math.round((options.fadeInSeconds ?? 0.005) * sampleRate);
  let pendingLatency = limiter.latencySamples;
  let outputSamples = 0;
  let inputSamples = 0;
  let finished = false;

  const run = (left: Float32Array, right: Float32Array): AudioBuffer => {
    if (!options.equalized) eq.process(left, right, left, right, 0, left.length);
    compressor.process(left, right, 0, left.length);
    limiter.process(left, right, 0, left.length);
    // the first latencySamples outputs are the limiter's empty delay line: drop them
    const skip = Math.min(pendingLatency, left.length);
    pendingLatency -= skip;
    const outLeft = skip > 0 ? left.slice(skip) : left;
    const outRight = skip > 0 ? right.slice(skip) : right;
    for (let i = 0; i < outLeft.length && outputSamples + i < fadeInSamples; i++) {
      const g = 0.5 - 0.5 * Math.cos((Math.PI * (outputSamples + i + 0.5)) / fadeInSamples);
      outLeft[i]! *= g;
      outRight[i]! *= g;
    }
    outputSamples += outLeft.length;
    return { sampleRate, left: outLeft, right: outRight };
  };

  return {
    process(chunk) {
      if (finished) throw new Error('streaming master already finished');
      inputSamples += chunk.left.length;
      return run(chunk.left.slice(), chunk.right.slice());
    },
    finish() {
      if (finished) throw new Error('streaming master already finished');
      finished = true;
      // push silence through until every input sample has come out
      const flushSamples = inputSamples - outputSamples;
      const result = run(
        new Float32Array(flushSamples + pendingLatency),
        new Float32Array(flushSamples + pendingLatency),
      );
      return {
        sampleRate,
        left: result.left.slice(0, flushSamples),
        right: result.right.slice(0, flushSamples),
      };
    },
  };
}
