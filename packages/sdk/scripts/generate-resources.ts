// Writes src/resources/*.ts from openapi.json and packages/sdk-manifest.json: one class per
// resource, one method per operation, its types picked out of the generated `paths` (BodyOf, QueryOf,
// ResponseOf), so a field added to the API reaches the SDK by regenerating. Every method answers an
// APIPromise (core/api-promise.ts): awaited, the parsed body; `.withResponse()`, the body with the
// HTTP answer (status, headers, request id, rate limit, idempotency). Hand-written helpers
// (createAndWait, download, stream, subscribe, the cached signing secret, webhooks.unwrap) live in
// src/lib/ as subclasses of these classes.
// `--check` writes nothing and exits 1 when a committed file differs (test/generated-resources.test.ts).
// Usage: npm run generate:sdks (both SDKs) or npm run generate -w packages/sdk
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = join(packageDir, '..', '..');
export const MANIFEST_PATH = join(rootDir, 'packages', 'sdk-manifest.json');
const SPEC_PATH = join(rootDir, 'openapi.json');
const RESOURCES_DIR = join(packageDir, 'src', 'resources');

const HEADER = `// Generated from openapi.json and packages/sdk-manifest.json by scripts/generate-resources.ts.
// Do not edit: run \`npm run generate:sdks\`.
`;

interface Operation {
  name: string;
  route: string;
  path?: Record<string, string>;
  returns?: string;
  page?: string;
  page_at?: string;
  wait?: boolean;
  binary?: boolean;
  doc?: string;
}

interface Resource {
  name: string;
  ts_class: string;
  doc: string;
  operations: Operation[];
}

interface Manifest {
  resources: Resource[];
}

type Schema = Record<string, unknown>;

const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const kebab = (name: string) => name.replaceAll('_', '-');

/** src/types.ts's name for a manifest model where the two differ (the Python models' names). */
const TS_NAMES: Record<string, string> = {
  Event: 'TrackforgeEvent',
  WorkspaceDetails: 'Workspace',
  MailSent: 'MagicLinkSent',
  AuthSession: 'Verification',
};

function typeOf(operation: Operation): string | undefined {
  const model = operation.page ?? operation.returns;
  return model === undefined ? undefined : (TS_NAMES[model] ?? model);
}

function deref(spec: Schema, node: unknown): Schema {
  let current = node as Schema;
  while (current && typeof current.$ref === 'string') {
    let target: unknown = spec;
    for (const part of (current.$ref as string).replace(/^#\//, '').split('/')) {
      target = (target as Schema)[part];
    }
    current = target as Schema;
  }
  return current;
}

/** A JSDoc comment wrapped to 100 columns. */
function docComment(text: string): string {
  if (text.length <= 90) return `  /** ${text} */\n`;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > 94) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return `  /**\n${lines.map((l) => `   * ${l}`).join('\n')}\n   */\n`;
}

function methodSource(spec: Schema, operation: Operation): string {
  const [verb, path] = operation.route.split(' ') as [string, string];
  const method = verb.toLowerCase();
  const op = (spec.paths as Record<string, Record<string, Schema>>)[path]?.[method];
  if (!op)
    throw new Error(`packages/sdk-manifest.json names ${operation.route}, which openapi.json does not have`);
  const parameters = ((op.parameters as unknown[]) ?? []).map((raw) => deref(spec, raw));
  const pathParams = parameters.filter((parameter) => parameter.in === 'path').map((p) => String(p.name));
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const body = deref(
    spec,
    ((op.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined)?.[
      'application/json'
    ]?.schema,
  );
  const name = camel(operation.name);
  const args = pathParams.map((param) => `${param}: string`);
  const optionsType = operation.wait ? 'CreateOptions' : 'RequestOptions';
  let request = '';
  if (body) {
    const required = ((body.required as string[] | undefined) ?? []).length > 0;
    args.push(`params: BodyOf<'${path}', '${method}'>${required ? '' : ' = {}'}`);
    request = ', body: params';
  } else if (query.length > 0) {
    const required = query.some((parameter) => parameter.required === true);
    args.push(`params: QueryOf<'${path}', '${method}'>${required ? '' : ' = {}'}`);
    request = operation.page ? ', query' : ', query: params';
  }
  const hasParams = body !== undefined || query.length > 0;
  args.push(
    operation.wait || (hasParams && !operation.page)
      ? `options: ${optionsType} = {}`
      : `options?: RequestOptions`,
  );
  const urlPath = path.replace(/\{(\w+)\}/g, (_, param: string) => `\${encodeURIComponent(${param})}`);
  const pathLiteral = urlPath.includes('${') ? `\`${urlPath}\`` : `'${urlPath}'`;
  const type = typeOf(operation) ?? 'void';
  const options = operation.wait ? 'options: heldOptions(options, this.api.config.timeout)' : 'options';
  const doc = operation.doc ? docComment(operation.doc) : '';
  const call = `{ method: '${verb}', path: ${pathLiteral}${request}, ${options} }`;
  if (operation.page) {
    const list = operation.page_at
      ? `(query) => mapData(this.api.request<ResponseOf<'${path}', '${method}'>>({ method: '${verb}', path: ${pathLiteral}, query, options }), (body) => body.${operation.page_at})`
      : `(query) => this.api.request<ListBody<${type}>>({ method: '${verb}', path: ${pathLiteral}, query, options })`;
    return `${doc}  ${name}(${args.join(', ')}): PagePromise<${type}> {\n    return new PagePromise(params, ${list});\n  }`;
  }
  if (operation.binary) {
    return `${doc}  ${name}(${args.join(', ')}): APIPromise<BinaryResponse> {\n    return this.api.requestBinary(${call});\n  }`;
  }
  return `${doc}  ${name}(${args.join(', ')}): APIPromise<${type}> {\n    return this.api.request<${type}>(${call});\n  }`;
}

function resourceSource(spec: Schema, resource: Resource): string {
  const methods = resource.operations.map((operation) => methodSource(spec, operation));
  // A wire type named like the class (Credits) is imported under another name.
  const alias = `${resource.ts_class}Body`;
  const clash = resource.operations.some((operation) => typeOf(operation) === resource.ts_class);
  const joined = methods.join('\n\n');
  const text = clash
    ? joined.replace(new RegExp(`(<|: )${resource.ts_class}\\b`, 'g'), `$1${alias}`)
    : joined;
  const used = (name: string) => new RegExp(`\\b${name}\\b`).test(text);
  const models = resource.operations.map(typeOf).filter((model): model is string => model !== undefined);
  const typeNames = [...new Set(['BodyOf', 'QueryOf', 'ResponseOf', ...models])]
    .filter((name) => name !== resource.ts_class && used(name))
    .sort();
  const imports = [
    `import type { APIClient, RequestOptions } from '../core/api-client.js';`,
    used('mapData')
      ? `import { type APIPromise, mapData } from '../core/api-promise.js';`
      : used('APIPromise')
        ? `import type { APIPromise } from '../core/api-promise.js';`
        : '',
    used('BinaryResponse') ? `import type { BinaryResponse } from '../core/binary.js';` : '',
    used('heldOptions') ? `import { type CreateOptions, heldOptions } from '../core/prefer-wait.js';` : '',
    used('PagePromise')
      ? `import { ${used('ListBody') ? 'type ListBody, ' : ''}PagePromise } from '../core/pagination.js';`
      : '',
    typeNames.length > 0 || clash
      ? `import type { ${[...typeNames, ...(clash ? [`${resource.ts_class} as ${alias}`] : [])].join(', ')} } from '../types.js';`
      : '',
  ].filter(Boolean);
  return `${HEADER}// client.${camel(resource.name)}: ${resource.doc}
${imports.join('\n')}

export class ${resource.ts_class} {
  constructor(protected readonly api: APIClient) {}

${text}
}
`;
}

/** The generated files' text, by path, formatted as `biome format` writes it. */
export function generateResources(): Map<string, string> {
  const spec = JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as Schema;
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
  const files = new Map<string, string>();
  for (const resource of manifest.resources) {
    const path = join(RESOURCES_DIR, `${kebab(resource.name)}.ts`);
    files.set(path, format(path, resourceSource(spec, resource)));
  }
  return files;
}

function format(path: string, text: string): string {
  const biome = join(rootDir, 'node_modules', '.bin', 'biome');
  // `check --write` as lint runs it (imports sorted, fixes applied), so the lint finds nothing to change.
  return execFileSync(biome, ['check', '--write', `--stdin-file-path=${path}`], {
    input: text,
    encoding: 'utf8',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, text] of generateResources()) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {}
    if (current === text) continue;
    if (check) {
      stale++;
      process.stderr.write(`${path} is out of date\n`);
    } else {
      writeFileSync(path, text);
      process.stdout.write(`wrote ${path}\n`);
    }
  }
  if (stale > 0) {
    process.stderr.write('run `npm run generate:sdks` and commit the result\n');
    process.exit(1);
  }
  if (check) process.stdout.write('src/resources match openapi.json and packages/sdk-manifest.json\n');
}
