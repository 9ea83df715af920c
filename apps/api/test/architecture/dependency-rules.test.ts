// The dependency rules `npm run depcheck` holds in CI, tried on a small tree that breaks them: a
// rule that never fires would pass on any code, so each is shown catching what it is there for.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType, type IReporterOutput } from 'dependency-cruiser';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const { forbidden } = createRequire(import.meta.url)(join(repoRoot, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
};

const FIXTURE: Record<string, string> = {
  'apps/api/src/features/voices/voice.service.ts':
    'export function createVoiceService() { return { name: "voices" }; }\nexport type VoiceService = ReturnType<typeof createVoiceService>;\n',
  'apps/api/src/features/voices/voice-preview.ts': 'export function createPreviewRenderer() { return {}; }\n',
  'apps/api/src/features/voices/voice.schemas.ts': 'export const VOICE_FIELDS = ["id"];\n',
  'apps/api/src/features/tracks/builds-voices.ts':
    "import { createVoiceService } from '../voices/voice.service';\nexport const voices = createVoiceService();\n",
  'apps/api/src/features/tracks/builds-renderer.ts':
    "import { createPreviewRenderer } from '../voices/voice-preview';\nexport const renderer = createPreviewRenderer();\n",
  'apps/api/src/features/tracks/takes-voices.ts':
    "import type { VoiceService } from '../voices/voice.service';\nimport { VOICE_FIELDS } from '../voices/voice.schemas';\nexport const use = (voices: VoiceService) => [voices.name, VOICE_FIELDS];\n",
  'apps/api/src/compose.ts':
    "import { createVoiceService } from './features/voices/voice.service';\nimport { createPreviewRenderer } from './features/voices/voice-preview';\nexport const root = [createVoiceService(), createPreviewRenderer()];\n",
  'apps/api/src/features/voices/voice-row.ts':
    "import type { TrackRow } from '../tracks/track-row';\nexport type VoiceRow = { lastTrack?: TrackRow };\n",
  'apps/api/src/features/tracks/track-row.ts':
    "import type { VoiceRow } from '../voices/voice-row';\nexport type TrackRow = { id: string; voice?: VoiceRow };\n",
  'apps/api/src/features/voices/reads-root.ts':
    "import type { root } from '../../compose';\nexport type Root = typeof root;\n",
  'apps/api/src/cli/builds-voices.ts':
    "import { createVoiceService } from '../features/voices/voice.service';\nexport const voices = createVoiceService();\n",
  'apps/api/src/platform/shared/uses-feature.ts':
    "import { createVoiceService } from '../../features/voices/voice.service';\nexport const shared = createVoiceService();\n",
  // No file closes a circle here, yet the folders do: database → jobs → database.
  'apps/api/src/platform/database/job-columns.ts':
    "import type { JobRow } from '../jobs/job-row';\nexport type JobColumns = keyof JobRow;\n",
  'apps/api/src/platform/jobs/job-row.ts': 'export interface JobRow { id: string }\n',
  'apps/api/src/platform/jobs/job-runner.ts':
    "import type { Handle } from '../database/handle';\nexport const run = (handle: Handle) => handle;\n",
  'apps/api/src/platform/database/handle.ts': 'export interface Handle { id: string }\n',
  'apps/api/src/platform/database/names-a-feature-table.ts':
    "import type { TrackRow } from '../../features/tracks/track-row';\nexport interface Tables { track: TrackRow }\n",
};

describe('the dependency rules of the API', () => {
  let dir: string;
  let violations: { rule: string; from: string; to: string }[];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tf-depcheck-'));
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const result: IReporterOutput = await cruise(
      ['apps'],
      {
        baseDir: dir,
        validate: true,
        ruleSet: { forbidden },
        tsPreCompilationDeps: true,
      },
      { extensions: ['.ts'] },
    );
    assert.equal(typeof result.output, 'object');
    const summary = (result.output as Exclude<IReporterOutput['output'], string>).summary;
    violations = summary.violations.map((violation) => ({
      rule: violation.rule.name,
      from: violation.from,
      to: violation.to,
    }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const broken = (rule: string, from: string) =>
    violations.some((violation) => violation.rule === rule && violation.from === `apps/api/src/${from}`);

  it("refuses a feature that builds another feature's service", () => {
    assert.ok(
      broken('no-feature-builds-another', 'features/tracks/builds-voices.ts'),
      JSON.stringify(violations),
    );
  });

  it('refuses a feature that builds a helper of another feature that is not named a service', () => {
    assert.ok(
      broken('features-share-only-pure-modules', 'features/tracks/builds-renderer.ts'),
      JSON.stringify(violations),
    );
  });

  it("lets a feature take another's service by type and read its wire schemas", () => {
    assert.deepEqual(
      violations.filter((violation) => violation.from === 'apps/api/src/features/tracks/takes-voices.ts'),
      [],
    );
  });

  it('lets the composition root build every feature', () => {
    assert.deepEqual(
      violations.filter((violation) => violation.from === 'apps/api/src/compose.ts'),
      [],
    );
  });

  it('refuses a circle between features even when it is made of type-only imports', () => {
    assert.ok(
      broken('api-has-no-circle-at-all', 'features/voices/voice-row.ts') ||
        broken('api-has-no-circle-at-all', 'features/tracks/track-row.ts'),
      JSON.stringify(violations),
    );
  });

  it('refuses a platform module that reaches into a feature', () => {
    assert.ok(
      broken('platform-knows-no-feature', 'platform/shared/uses-feature.ts'),
      JSON.stringify(violations),
    );
  });

  it('refuses a platform module that names a feature, even for a type', () => {
    assert.ok(
      broken('platform-knows-no-feature', 'platform/database/names-a-feature-table.ts'),
      JSON.stringify(violations),
    );
  });

  it('refuses a circle between two folders that no single file closes', () => {
    assert.ok(
      violations.some(
        (violation) =>
          violation.rule === 'api-folders-have-no-circle' &&
          ['apps/api/src/platform/database', 'apps/api/src/platform/jobs'].includes(violation.from),
      ),
      JSON.stringify(violations),
    );
    assert.ok(
      !violations.some(
        (violation) =>
          violation.rule === 'api-has-no-circle-at-all' && violation.from.includes('/platform/jobs/'),
      ),
      'no module circle there',
    );
  });

  it('refuses a feature that imports the composition root, even for a type', () => {
    assert.ok(
      broken('only-entries-import-the-root', 'features/voices/reads-root.ts'),
      JSON.stringify(violations),
    );
  });

  it('refuses a process entry that builds a service itself instead of composing the graph', () => {
    assert.ok(broken('only-compose-builds-services', 'cli/builds-voices.ts'), JSON.stringify(violations));
  });
});
