import { ApiError, UNKNOWN_ERROR } from './api-client';

/**
 * The one shape of a refusal on the web (ADR 026): what an action answers for a refused form, what a loader's
 * error answer carries, and what a browser call's ApiError turns into. `error` is the message for the whole
 * form (null when every message sits beside its field), `fields` one message per field name.
 */
export interface Failure {
  ok: false;
  error: string | null;
  fields: Record<string, string>;
}

export const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && 'ok' in value && value.ok === false && 'fields' in value;

/** A failure from anything thrown by a browser call (ApiError) or, with the fallback message, anything else. */
export function failureOf(error: unknown, fallback = UNKNOWN_ERROR): Failure {
  if (error instanceof ApiError) return { ok: false, error: error.message, fields: error.fields };
  return { ok: false, error: fallback, fields: {} };
}

/** The failure a form shows from an action's answer (or a fetcher's data), if that answer is one. */
export const failureIn = (answer: unknown): Failure | null => (isFailure(answer) ? answer : null);

/**
 * The message for the field `name` among per-field messages: its own, or else the first about a part of it
 * ('items.0.quantity' is shown by the 'items' field), as fields are named by their whole path.
 */
export function messageOf(fields: Readonly<Record<string, string>>, name: string): string | undefined {
  return fields[name] ?? Object.entries(fields).find(([field]) => field.startsWith(`${name}.`))?.[1];
}

/** The message for one field of a failure, for a field's `error` prop (see messageOf). */
export const fieldError = (failure: Failure | null | undefined, name: string): string | undefined =>
  failure ? messageOf(failure.fields, name) : undefined;
