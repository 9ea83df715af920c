// The voices feature's HTTP surface under /v1: the catalogue and its previews.
import type { FastifyInstance } from 'fastify';
import { registerContractRows } from '../../platform/http/openapi-contract.js';
import { registerVoiceRoutes } from './voice.routes.js';
import type { VoiceService } from './voice.service.js';
import { VOICES_CONTRACT } from './voices.contract.js';

export interface VoicesPluginOptions {
  voices: VoiceService;
  publicUrl: string;
}

export async function voicesPlugin(app: FastifyInstance, options: VoicesPluginOptions): Promise<void> {
  registerContractRows(app, VOICES_CONTRACT);
  registerVoiceRoutes(app, options);
}
