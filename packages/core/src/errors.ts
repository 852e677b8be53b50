/** The closed set of failures a service may report; the server maps them to HTTP here, the web reads them back. */
export type ErrorCode =
  | 'INVALID_DATA'
  | 'UNAUTHENTICATED'
  | 'NOT_ALLOWED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** A request body over its limit, refused before it is read. */
  | 'TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'UNAVAILABLE';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  INVALID_DATA: 400,
  UNAUTHENTICATED: 401,
  NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

/** Marks an AppError made by any copy of this module (see `Symbol.hasInstance` below). */
const APP_ERROR = Symbol.for('@shop/core/AppError');

/** An expected failure whose message is safe to show to the person who caused it. */
export class AppError extends Error {
  override name = 'AppError';
  readonly [APP_ERROR] = true;

  /**
   * The web's server bundle compiles its own copy of @shop/core, so an AppError thrown by the server's services
   * is not made by the class a page imports: `instanceof AppError` asks for the mark, not the prototype chain.
   */
  static override [Symbol.hasInstance](value: unknown): value is AppError {
    // A subclass, should one come, keeps the ordinary check.
    if (this !== AppError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [APP_ERROR]?: unknown })[APP_ERROR] === true;
  }

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Per-field messages for forms, keyed by field name. */
    readonly fields?: Record<string, string>,
    /** For TOO_MANY_REQUESTS: seconds until a retry may succeed (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/** What fieldMessages reads of a validation issue (zod's, or the API validation's). */
export interface FieldIssue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

/**
 * The one mapping of a failed parse to messages per field, for API answers, services, page forms and list filters
 * alike: a field is named by its path joined with dots ('payments.1.mode', 'tags.0'), an issue about the whole input
 * by `whole`; the first message for each field is kept, in the order of the issues.
 */
export function fieldMessages(issues: readonly FieldIssue[], whole = 'input'): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || whole] ??= issue.message;
  return fields;
}

/** INVALID_DATA for a failed parse: the first field's message as 'field: message' (the envelope's error), every field's in `fields`. */
export function invalidInput(issues: readonly FieldIssue[], whole = 'input'): AppError {
  const fields = fieldMessages(issues, whole);
  const [field, message] = Object.entries(fields)[0] ?? [whole, 'is invalid'];
  return new AppError('INVALID_DATA', `${field}: ${message}`, { ...fields, [field]: message });
}
