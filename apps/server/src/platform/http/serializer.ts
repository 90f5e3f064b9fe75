import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

/**
 * Rewrites zod's JSON Schema into the shape `fast-json-stringify` serialises fastest and safest:
 * - `anyOf: [X, {type: 'null'}]` (a nullable object or integer) becomes `type: [X.type, 'null']`, a plain
 *   type check instead of a schema validation per value;
 * - `additionalProperties: false` is dropped: the serializer writes only the listed properties either way,
 *   and without it a union branch still matches an answer that carries an extra column (which is then left
 *   out) instead of matching no branch at all.
 */
function normalise(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalise);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if (key === 'additionalProperties' && value === false) continue;
    // Maps of names to schemas: the names are data, not keywords.
    out[key] =
      SCHEMA_MAPS.has(key) && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, normalise(item)]))
        : normalise(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && isObject(other) && typeof other.type === 'string' && !('anyOf' in other)) {
      delete out.anyOf;
      const merged: JsonSchema = { ...other, ...out, type: [other.type, 'null'] };
      if (Array.isArray(other.enum)) merged.enum = [...(other.enum as unknown[]), null];
      return merged;
    }
  }
  return out;
}

/** The JSON Schema the serializer compiles for one contract answer (exported for the tests). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any' });
  return normalise(json) as JsonSchema;
}

/** Compiles the one serializer of a contract answer: only what the contract lists goes out. */
export function compileResponseSerializer(schema: z.ZodType): (data: unknown) => string {
  return fastJson(responseJsonSchema(schema));
}

/**
 * One serializer in every environment: `fast-json-stringify` compiled from the contract's response
 * schema, so production writes exactly the bytes the tests see and a property the contract does not list
 * (a raw row's `password_hash`) never reaches a client. Outside production every answer is also parsed
 * with its zod schema first: a wrong type or a missing field fails the test that produced it (500), where
 * the serializer alone would coerce it. Production skips that check; the bytes are the same either way.
 */
export function responseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const stringify = compileResponseSerializer(schema);
    if (!options.check) return stringify;
    return (data: unknown) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(data);
    };
  };
}
