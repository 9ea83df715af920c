// The voices feature's HTTP surface under /v1: the catalogue and its previews.
import type { FastifyInstance } from 'fastify';
import { registerVoiceRoutes } from './voice.routes.js';
import type { VoiceService } from './voice.service.js';

export interface VoicesPluginOptions {
  voices: VoiceService;
  publicUrl: string;
}

export async function voicesPlugin(app: FastifyInstance, options: VoicesPluginOptions): Promise<void> {
  registerVoiceRoutes(app, options);
}
