// Voice previews: a short phrase rendered by the engine in the voice's own styles, once per voice.
// The first request renders and stores it; concurrent first requests share that one render, and
// renders run one at a time so a burst of new previews cannot starve the process of CPU.
// The engine itself is imported where it renders in this thread (tests and tools), so the HTTP
// server, which renders through a generation thread, never loads it.
import type { BANK_FILES, SoundBank, TrackRequest, VoiceSpec } from '@trackforge/engine';
import type { PreviewStore } from './preview-store.js';

const PREVIEW_DURATION_SECONDS = 10;

/** Engine prompt words for each marketplace style: the engine understands genres and moods. */
const STYLE_PROMPTS: Record<string, string> = {
  pop: 'upbeat pop',
  soul: 'warm soul',
  rnb: 'smooth r&b',
  jazz: 'late night jazz',
  gospel: 'uplifting gospel soul',
  choir: 'cinematic choir',
  operatic: 'orchestral aria',
  folk: 'acoustic folk',
  country: 'country',
  rock: 'rock',
  blues: 'slow blues',
  electronic: 'house',
  robotic: 'synthwave',
  synthwave: 'synthwave',
  airy: 'dreamy ambient',
  breathy: 'intimate lofi',
  cinematic: 'cinematic',
  ambient: 'calm ambient',
  lofi: 'lofi hip hop',
  latin: 'latin',
  afrobeat: 'afrobeat',
  celtic: 'celtic',
  chant: 'calm ambient chant',
};

/** The prompt a voice's preview is rendered from: its first style sets the genre, the next adds colour. */
function previewPrompt(styles: string[]): string {
  const words = styles.slice(0, 2).map((style) => STYLE_PROMPTS[style] ?? style);
  return `${words.join(', ')} with a clear lead melody`;
}

/** A seed derived from the voice id, so a preview is the same wherever and whenever it is rendered. */
function previewSeed(voiceId: string): number {
  let hash = 2166136261;
  for (let i = 0; i < voiceId.length; i++) hash = Math.imul(hash ^ voiceId.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** Renders one engine request to MP3 bytes. */
export type RenderPreview = (request: TrackRequest) => Promise<Uint8Array>;

export interface PreviewRenderer {
  /** The preview MP3 for a voice, rendered on first use and read from the store after that. */
  getPreview(voice: { id: string; styles: string[]; spec: VoiceSpec }): Promise<Uint8Array>;
}

export function createPreviewRenderer(deps: {
  store: PreviewStore;
  render: RenderPreview;
  durationSeconds?: number;
}): PreviewRenderer {
  const inFlight = new Map<string, Promise<Uint8Array>>();
  let queue: Promise<unknown> = Promise.resolve();

  async function render(voice: { id: string; styles: string[]; spec: VoiceSpec }): Promise<Uint8Array> {
    const cached = await deps.store.read(voice.id);
    if (cached) return cached;
    const mp3 = await deps.render({
      prompt: previewPrompt(voice.styles),
      durationSeconds: deps.durationSeconds ?? PREVIEW_DURATION_SECONDS,
      seed: previewSeed(voice.id),
      voice: voice.spec,
      outputs: { formats: ['mp3'], stems: false, midi: false, waveform: false },
    });
    await deps.store.write(voice.id, mp3);
    return mp3;
  }

  return {
    async getPreview(voice) {
      const cached = await deps.store.read(voice.id);
      if (cached) return cached;
      let pending = inFlight.get(voice.id);
      if (!pending) {
        pending = queue.then(() => render(voice));
        queue = pending.catch(() => {});
        inFlight.set(voice.id, pending);
        pending.finally(() => inFlight.delete(voice.id)).catch(() => {});
      }
      return pending;
    },
  };
}

/** Renders in the calling thread with a bank loaded once; for tests and tools, not the HTTP server. */
export function renderPreviewInProcess(loadBank: () => Promise<SoundBank>): RenderPreview {
  return async (request) => {
    const { generateTrack } = await import('@trackforge/engine');
    const { loadVoiceBank } = await import('@trackforge/engine/node/load-voices.js');
    return mp3Of(
      await generateTrack(request, { bank: await loadBank(), voiceBank: loadVoiceBank() }),
      request,
    );
  };
}

/**
 * Renders with whatever engine runner the composition root passes in — on an API node, a
 * generation thread (generation/on-demand-generation.ts), so the event loop serving HTTP never
 * runs DSP. Only its shape is known here: voices import nothing from generation/.
 */
export function renderPreviewWith(
  generate: (
    request: TrackRequest,
    options: object,
  ) => Promise<{ files: Partial<Record<string, Uint8Array>> }>,
): RenderPreview {
  return async (request) => mp3Of(await generate(request, {}), request);
}

function mp3Of(result: { files: Partial<Record<string, Uint8Array>> }, request: TrackRequest): Uint8Array {
  const mp3 = result.files.mp3;
  if (!mp3) throw new Error(`the engine returned no mp3 for the preview "${request.prompt}"`);
  return mp3;
}

/** Loads one of the bundled sound banks on first call and keeps it for the life of the loader. */
export function createBankLoader(bank: keyof typeof BANK_FILES): () => Promise<SoundBank> {
  let loaded: Promise<SoundBank> | undefined;
  return () => {
    loaded ??= import('@trackforge/engine/node').then(({ loadBankFile }) => loadBankFile(bank));
    return loaded;
  };
}
