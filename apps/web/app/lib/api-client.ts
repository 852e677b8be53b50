/** The one way pages talk to the JSON API: same origin, cookies included, the spec's envelope unwrapped. */

export const UNKNOWN_ERROR = 'An unknown error occurred.';

/** A failed call: the server's message (or the caller's fallback), the status and per-field messages. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Spec §8: an HTML body with a <pre> block yields its text up to the first line break. */
export function messageFromHtml(body: string): string {
  const pre = /<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(body)?.[1];
  const first = pre
    ?.split(/\r?\n|<br\s*\/?>/i)[0]
    ?.replace(/<[^>]+>/g, '')
    .trim();
  return first || UNKNOWN_ERROR;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Envelope {
  success: boolean;
  data?: unknown;
  error?: string;
  fields?: Record<string, string>;
}

const isEnvelope = (value: unknown): value is Envelope => typeof value === 'object' && value !== null && 'success' in value;

/**
 * Calls the API and answers `data`; throws ApiError otherwise. `fallback` is the message when the server
 * says `success: false` without one (spec §8: 'Login failed.', 'Failed to send OTP.' …); `headers` go with the call
 * (an Idempotency-Key).
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  options: { body?: unknown; fallback?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  // The server takes state-changing calls only as JSON (a cross-site form cannot send it), so a call
  // without a body sends `{}`.
  if (method !== 'GET') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(UNKNOWN_ERROR, 0);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(messageFromHtml(text), response.status);
  }
  if (!isEnvelope(parsed)) throw new ApiError(options.fallback ?? UNKNOWN_ERROR, response.status);
  if (parsed.success && response.ok) return parsed.data as T;
  throw new ApiError(parsed.error || options.fallback || UNKNOWN_ERROR, response.status, parsed.fields);
}

export const api = {
  get: <T>(path: string, fallback?: string) => apiRequest<T>('GET', path, { fallback }),
  post: <T>(path: string, body?: unknown, fallback?: string) => apiRequest<T>('POST', path, { body, fallback }),
  put: <T>(path: string, body?: unknown, fallback?: string) => apiRequest<T>('PUT', path, { body, fallback }),
  delete: <T>(path: string, fallback?: string) => apiRequest<T>('DELETE', path, { fallback }),
};

/** The message to show for any failure, ApiError or not. */
export const errorMessage = (error: unknown, fallback = UNKNOWN_ERROR) => (error instanceof ApiError ? error.message : fallback);
