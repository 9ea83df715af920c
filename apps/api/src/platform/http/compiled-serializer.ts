// A response serializer compiled once from a zod schema with fast-json-stringify (the library
// Fastify itself serializes with): it writes only the schema's properties, in the schema's order,
// with no validation pass, where the zod serializer every route gets by default
// (fastify-type-provider-zod) encodes through zod and then calls JSON.stringify. For routes whose
// answer is hot (GET /v1/tracks/{id}); the route's declared response schema still documents it.
// The value must already have the schema's shape (a presenter made it): a missing required
// property throws, and a property the schema does not name is never written.
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** anyOf [X, null] (zod's nullable) as X with a null type, which fast-json-stringify writes without trying branches. */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as JsonSchema;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((branch) => branch.type !== 'null');
    if (other && anyOf.some((branch) => branch.type === 'null') && typeof other.type === 'string') {
      const { anyOf: _dropped, ...rest } = node;
      return simplify({ ...rest, ...other, type: [other.type, 'null'] });
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === 'description' || key === 'pattern' || key === 'format') continue;
    out[key] = key === 'properties' ? simplifyProperties(value as JsonSchema) : simplify(value);
  }
  return out;
}

/** A `properties` map: its keys are field names (a field may be called `description`), kept all. */
function simplifyProperties(properties: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, simplify(schema)]));
}

/** Compiles a zod object schema (its output side) into a JSON serializer. */
export function compileSerializer<T extends z.ZodType>(schema: T): (value: z.output<T>) => string {
  const jsonSchema = simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }));
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]) as (
    value: z.output<T>,
  ) => string;
}
