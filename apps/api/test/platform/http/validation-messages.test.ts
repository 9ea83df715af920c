// Walks the OpenAPI document: every JSON body and query parameter of every operation is sent
// missing, of the wrong type, past its limits and with an unknown field, and each 400 must speak
// our words (naming the field, saying what is allowed), never the validator's own phrasing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  maximum?: number;
  minimum?: number;
  maxLength?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
}
interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

/** zod's default messages ("Too big: expected number to be <=595", "expected string, received undefined"…). */
const RAW_PHRASING =
  /Too big|Too small|Invalid input|Invalid option|Invalid string|Invalid URL|Unrecognized key|expected \w+, received|expected (number|string|array) to/;

/** Values a property of this schema refuses, each a different kind of mistake. */
function badValues(schema: JsonSchema): unknown[] {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const values: unknown[] = [];
  if (schema.enum) values.push('not-one-of-them');
  if (type === 'string') values.push(12345);
  if (type === 'number' || type === 'integer') values.push('twelve');
  if (type === 'integer') values.push(1.5);
  if (type === 'boolean' || type === 'array' || type === 'object') values.push('text');
  if (schema.maximum !== undefined) values.push(schema.maximum + 1);
  if (schema.minimum !== undefined) values.push(schema.minimum - 1);
  if (schema.maxLength !== undefined && schema.maxLength < 5000)
    values.push('x'.repeat(schema.maxLength + 1));
  if (schema.maxItems !== undefined && schema.items?.enum)
    values.push(Array.from({ length: schema.maxItems + 1 }, () => schema.items?.enum?.[0]));
  if (type === 'array' && schema.items) values.push(...badValues(schema.items).map((value) => [value]));
  return values;
}

describe('validation messages across every operation', () => {
  let t: TestApp;
  let account: TestAccount;
  let paths: Record<string, Record<string, Operation>>;
  let components: Record<string, JsonSchema>;

  before(async () => {
    t = await createTestApp();
    account = await createTestAccount(t);
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    paths = document.paths;
    components = document.components.schemas;
  });
  after(() => t.close());

  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
    schema?.$ref ? resolve(components[schema.$ref.split('/').pop() as string]) : schema;

  it('names the field and never uses the validator’s phrasing in any 400', async () => {
    let checked = 0;
    const failures: string[] = [];
    for (const [template, item] of Object.entries(paths)) {
      const url = template.replace(/\{[^}]+\}/g, 'trk_0000000000000000000000000');
      for (const [method, operation] of Object.entries(item)) {
        const attempts: { url: string; payload?: unknown }[] = [];
        const body = resolve(operation.requestBody?.content['application/json']?.schema);
        if (body?.properties && method !== 'get') {
          attempts.push({ url, payload: {} }, { url, payload: { no_such_field: 1 } });
          for (const [name, property] of Object.entries(body.properties)) {
            const resolved = resolve(property) ?? {};
            for (const value of badValues(resolved)) attempts.push({ url, payload: { [name]: value } });
          }
        }
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query') continue;
          for (const value of badValues(resolve(parameter.schema) ?? {})) {
            attempts.push({ url: `${url}?${parameter.name}=${encodeURIComponent(String(value))}` });
          }
        }
        for (const attempt of attempts) {
          const response = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url: attempt.url,
            headers: account.headers,
            ...(attempt.payload === undefined ? {} : { payload: attempt.payload as object }),
          });
          if (response.statusCode !== 400 || response.json().code !== 'validation_failed') continue;
          checked += 1;
          const problem = response.json();
          const where = `${method.toUpperCase()} ${attempt.url} ${JSON.stringify(attempt.payload ?? '')}`;
          const messages: { param: string; message: string }[] = problem.errors ?? [];
          if (RAW_PHRASING.test(problem.detail)) failures.push(`${where}: detail "${problem.detail}"`);
          for (const { param, message } of messages) {
            if (RAW_PHRASING.test(message)) failures.push(`${where}: ${param} "${message}"`);
            if (!message.includes(param) && !message.startsWith('the request'))
              failures.push(`${where}: "${message}" does not name ${param}`);
          }
          if (/^(\w+): \1 /.test(problem.detail))
            failures.push(`${where}: field named twice: ${problem.detail}`);
        }
      }
    }
    assert.deepEqual(failures, []);
    // The walk reached the validator often enough to mean something.
    assert.ok(checked > 100, `only ${checked} validation answers checked`);
  });
});
