// Reads the left channel of a PCM WAV (16 or 24 bit) as floats, for measuring rendered stems.

export function readWavLeftChannel(bytes: Uint8Array): { sampleRate: number; samples: Float32Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let channels = 2;
  let bitsPerSample = 16;
  let sampleRate = 44100;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') {
      channels = view.getUint16(offset + 10, true);
      sampleRate = view.getUint32(offset + 12, true);
      bitsPerSample = view.getUint16(offset + 22, true);
    } else if (id === 'data') {
      const bytesPerSample = bitsPerSample / 8;
      const count = Math.floor(size / (bytesPerSample * channels));
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) {
        const at = offset + 8 + i * bytesPerSample * channels;
        samples[i] =
          bitsPerSample === 16
            ? view.getInt16(at, true) / 32768
            : (view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8388608;
      }
      return { sampleRate, samples };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk in WAV');
}

/** Root-mean-square level of a signal. */
export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const value of samples) sum += value * value;
  return Math.sqrt(sum / samples.length);
}

/**
 * RMS frequency in Hz, a spectral-centroid-like brightness measure: by Parseval, the energy of the
 * first difference over the energy of the signal is the mean of (2 sin(πf/fs))² over the spectrum.
 */
export function rmsFrequencyHz(samples: Float32Array, sampleRate: number): number {
  let signal = 0;
  let difference = 0;
  for (let i = 1; i < samples.length; i++) {
    signal += samples[i]! * samples[i]!;
    const d = samples[i]! - samples[i - 1]!;
    difference += d * d;
  }
  const ratio = Math.sqrt(difference / Math.max(signal, 1e-12));
  return (sampleRate / Math.PI) * Math.asin(Math.min(1, ratio / 2));
}
