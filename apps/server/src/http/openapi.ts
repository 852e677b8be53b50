import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, HTTPMethods } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../auth/plugin.js';
import { errorEnvelope } from './envelope.js';
import { SERVER_TO_SERVER_PATHS } from './same-origin.js';

/**
 * The OpenAPI document's failures, added centrally from what every route shares (its scope's guard, the
 * same-origin check, validation), so no route has to repeat them: 400 for any input, 401 behind a guard,
 * 403 for owner-only calls and cross-site writes, 415 for writes. A route that documents a status itself
 * keeps its own.
 */

const ERROR_ENVELOPE = 'ErrorEnvelope';
const envelopeRef = `#/components/schemas/${ERROR_ENVELOPE}`;

const errorEnvelopeSchema = (({ $schema: _, ...schema }) => schema)(z.toJSONSchema(errorEnvelope, { target: 'openapi-3.0', io: 'output' }));

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

const isStateChanging = (method: HTTPMethods | HTTPMethods[]) => [method].flat().some((item) => !SAFE_METHODS.has(item.toUpperCase()));
/** Writes a browser makes: the same-origin check (same-origin.ts) refuses them cross-site (403) or not as JSON/multipart (415). */
const isBrowserWrite = (url: string, method: HTTPMethods | HTTPMethods[]) =>
  url.startsWith('/api/') && isStateChanging(method) && !SERVER_TO_SERVER_PATHS.includes(url);

const UNAUTHENTICATED: Record<Exclude<Access, 'public'>, string> = {
  shopper: 'Not signed in: no valid shopper session (cookie `sid`).',
  admin: 'Not signed in to the back office: no valid admin session (cookie `asid`).',
  owner: 'Not signed in to the back office: no valid admin session (cookie `asid`).',
};

type JsonSchema = { [key: string]: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema; required?: string[] };

const isZod = (value: unknown): value is z.core.$ZodType => value instanceof z.core.$ZodType;
const isJsonSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema that carries a value's shape, past wrappers and preprocessing (as zod's input JSON Schema does). */
function shapeOf(schema: z.core.$ZodType): z.core.$ZodType {
  if (schema instanceof z.core.$ZodPipe) {
    const { in: input, out } = schema._zod.def;
    return shapeOf(input instanceof z.core.$ZodTransform ? out : input);
  }
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodDefault ||
    schema instanceof z.core.$ZodPrefault ||
    schema instanceof z.core.$ZodReadonly ||
    schema instanceof z.core.$ZodCatch ||
    schema instanceof z.core.$ZodNonOptional
  )
    return shapeOf(schema._zod.def.innerType);
  return schema;
}

/** True when the field may be left out: the parse of a missing value succeeds. */
function acceptsAbsence(schema: z.core.$ZodType): boolean {
  try {
    return z.safeParse(schema, undefined).success;
  } catch {
    // An asynchronous refinement cannot be run here; keep what zod declared.
    return false;
  }
}

/**
 * Zod's input JSON Schema calls a field required unless its declared input type is optional: a field that
 * preprocesses a missing value into null (an optional profile field) is listed as required though the API
 * accepts it left out. Drops such fields from `required`, at any depth of objects and arrays.
 */
function relaxRequired(schema: z.core.$ZodType, json: JsonSchema): void {
  const inner = shapeOf(schema);
  if (inner instanceof z.core.$ZodObject) {
    const shape = inner._zod.def.shape;
    if (json.required) {
      const required = json.required.filter((key) => !(shape[key] && acceptsAbsence(shape[key])));
      if (required.length > 0) json.required = required;
      else delete json.required;
    }
    for (const [key, field] of Object.entries(shape)) {
      const property = json.properties?.[key];
      if (property) relaxRequired(field, property);
    }
  } else if (inner instanceof z.core.$ZodArray && json.items) {
    relaxRequired(inner._zod.def.element, json.items);
  }
}

/** A failure answer: always JSON, also on routes that answer CSV when they succeed. */
const envelope = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: envelopeRef } } } });

/**
 * `transform` for @fastify/swagger: fastify-type-provider-zod's jsonSchemaTransform, then the shared
 * failures and the true `required` lists of bodies, queries and headers.
 */
export const openapiTransform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  // The declared types say otherwise, but a route without a schema comes through without one.
  const given = schema as FastifySchema | undefined;
  if (given?.hide) return { schema, url };
  const { route } = input;
  const original = (input.schema as FastifySchema | undefined) ?? {};
  const transformed: FastifySchema & { consumes?: readonly string[] } = { ...given };

  for (const part of ['body', 'querystring', 'headers'] as const) {
    const zodSchema = original[part];
    const json = transformed[part];
    if (isZod(zodSchema) && isJsonSchema(json)) relaxRequired(zodSchema, json);
  }
  // Uploads read their files from the multipart stream, not through a body schema.
  if (!transformed.body && transformed.consumes?.includes('multipart/form-data')) {
    transformed.body = { type: 'object', description: 'multipart/form-data; the file fields are named in the summary.' };
  }

  const access: Access = route.config?.access ?? 'public';
  const browserWrite = isBrowserWrite(route.url, route.method);
  const takesInput = Boolean(transformed.body ?? transformed.querystring ?? transformed.params ?? transformed.headers);
  const failures: Record<string, ReturnType<typeof envelope>> = {};
  if (takesInput || isStateChanging(route.method)) {
    failures[400] = envelope('Refused input: malformed JSON, or a field that breaks its rule (each named in `fields`).');
  }
  if (access !== 'public') failures[401] = envelope(UNAUTHENTICATED[access]);
  const forbidden = [
    ...(access === 'owner' ? ['a staff session (only the shop owner may do this)'] : []),
    ...(browserWrite ? ['a cross-site request (Origin or Sec-Fetch-Site of another site)'] : []),
  ];
  if (forbidden.length > 0) failures[403] = envelope(`Refused: ${forbidden.join('; or ')}.`);
  if (browserWrite) {
    failures[415] = envelope(
      'The body is neither JSON nor multipart: send Content-Type: application/json (an empty body or `{}` when there is nothing to say).',
    );
  }
  // Without any answer declared, swagger would have documented a bare 200: keep it beside the failures.
  const response = isJsonSchema(transformed.response) ? transformed.response : { 200: { description: 'Default Response' } };
  transformed.response = { ...failures, ...response };
  return { schema: transformed, url };
};

/** The requestBody of a write with no fields: JSON, and optional (the JSON parser reads an empty body as `{}`). */
const emptyBody = () => ({
  required: false,
  description: 'No fields: send no body (with Content-Type: application/json), or `{}`.',
  content: { 'application/json': { schema: { type: 'object', properties: {} } } },
});

/**
 * `transformObject` for @fastify/swagger: adds the error envelope the failures refer to, and documents the
 * optional empty body of every browser write without fields.
 */
export const openapiTransformObject: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  const components = (openapiObject.components ??= {}) as { schemas?: Record<string, unknown> };
  components.schemas = { ...components.schemas, [ERROR_ENVELOPE]: errorEnvelopeSchema };
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    if (SERVER_TO_SERVER_PATHS.includes(path)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (STATE_CHANGING.has(method) && isJsonSchema(operation) && !operation.requestBody) operation.requestBody = emptyBody();
    }
  }
  return openapiObject;
};
