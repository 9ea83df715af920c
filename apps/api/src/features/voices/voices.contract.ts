// The voices feature's contract rows and worked examples; voices.plugin.ts registers them
// (platform/http/openapi-contract.ts).
import type { ContractRows } from '../../platform/http/openapi-contract.js';
import { EXAMPLE_CREATED_AT, EXAMPLE_PUBLIC_URL, exampleList } from '../../platform/http/openapi-examples.js';

// A voice of the seeded catalogue, so the example finds a real one.
const VOICE_ID = 'voc_01JNB4RQ80DK7GPSZDDWG7A222';
const VOICE = {
  id: VOICE_ID,
  object: 'voice',
  name: 'Amara Gold',
  description: 'A honeyed soul soprano with a slow, warm vibrato.',
  gender: 'female',
  range: 'soprano',
  styles: ['soul', 'gospel', 'pop'],
  vocal: 'wordless',
  timbre: 'voice oohs',
  languages: [],
  tags: ['bright'],
  creator: { name: 'Trackforge' },
  plan_required: null,
  preview_url: `${EXAMPLE_PUBLIC_URL}/v1/voices/${VOICE_ID}/preview`,
  usage_count: 12,
  created_at: EXAMPLE_CREATED_AT,
};
const params = { id: VOICE_ID };

export const VOICES_CONTRACT: ContractRows = {
  'GET /v1/voices': { access: 'workspace', example: { response: exampleList(VOICE) } },
  'GET /v1/voices/{id}': { access: 'workspace', example: { params, response: VOICE } },
  'GET /v1/voices/{id}/preview': {
    access: 'workspace',
    success: [{ status: '200', description: 'About 10 s of MP3.', contentTypes: ['audio/mpeg'] }],
    example: { params },
  },
};
