// Writes src/generated/openapi.ts from the repository's openapi.json with openapi-typescript.
// `--check` writes nothing and exits 1 when the committed file differs (CI runs it through a test).
// Usage: npm run generate -w packages/sdk   (after the lead regenerates openapi.json)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SPEC_PATH = join(packageDir, '..', '..', 'openapi.json');
export const GENERATED_PATH = join(packageDir, 'src', 'generated', 'openapi.ts');

const HEADER = `// Generated from openapi.json by openapi-typescript (scripts/generate-types.ts). Do not edit:
// run \`npm run generate -w packages/sdk\` after openapi.json changes.
`;

/** The generated module's text for the spec at specPath. */
export async function generateTypes(specPath = SPEC_PATH): Promise<string> {
  const spec = JSON.parse(readFileSync(specPath, 'utf8'));
  const ast = await openapiTS(spec, { exportType: false, alphabetize: false });
  return HEADER + astToString(ast);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await generateTypes();
  if (process.argv.includes('--check')) {
    const current = readFileSync(GENERATED_PATH, 'utf8');
    if (current !== text) {
      process.stderr.write(
        'src/generated/openapi.ts is out of date with openapi.json: run `npm run generate -w packages/sdk`\n',
      );
      process.exit(1);
    }
    process.stdout.write('src/generated/openapi.ts matches openapi.json\n');
  } else {
    writeFileSync(GENERATED_PATH, text);
    process.stdout.write(`wrote ${GENERATED_PATH}\n`);
  }
}
