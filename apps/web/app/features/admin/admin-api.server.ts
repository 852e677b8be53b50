import { data, redirect, type RouterContextProvider } from 'react-router';
import { pageOf } from '../../context';
import { adminPaths } from './admin-paths';

type AppLoadContext = Readonly<RouterContextProvider>;

/** A refused admin call as a form shows it: the message for the whole form and one per field. */
export interface AdminFailure {
  ok: false;
  error: string;
  fields: Record<string, string>;
}
export type AdminResult<T> = { ok: true; data: T } | AdminFailure;

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: string;
  fields?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const FALLBACK = 'An unknown error occurred.';

/** To /admin/login, coming back to this page afterwards. */
function toLogin(request: Request) {
  const url = new URL(request.url);
  return redirect(`${adminPaths.login}?redirectUrl=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * One /api/admin/* call made in process for this page request with the visitor's cookies: the API's admin
 * guard decides, exactly as for a browser's call. Answers the data, or the refusal with its status.
 */
export async function adminCall<T>(
  request: Request,
  context: AppLoadContext,
  method: Method,
  path: string,
  body?: unknown,
): Promise<{ status: number; result: AdminResult<T>; setCookie: string[] }> {
  const answer = await pageOf(context).callApi({ method, path, cookie: request.headers.get('cookie'), body });
  const envelope = (answer.body ?? {}) as Envelope;
  if (answer.status < 400 && envelope.success)
    return { status: answer.status, result: { ok: true, data: envelope.data as T }, setCookie: answer.setCookie };
  const failure: AdminFailure = { ok: false, error: envelope.error || FALLBACK, fields: envelope.fields ?? {} };
  return { status: answer.status, result: failure, setCookie: answer.setCookie };
}

/**
 * For loaders: the call's data. No admin session (401) goes to /admin/login; any other refusal becomes the
 * route's error answer with its status (404 shows the admin not-found page, 403 the 'owner only' message).
 */
export async function adminLoad<T>(request: Request, context: AppLoadContext, path: string): Promise<T> {
  const { status, result } = await adminCall<T>(request, context, 'GET', path);
  if (result.ok) return result.data;
  if (status === 401) throw toLogin(request);
  throw data({ error: result.error }, { status });
}

/**
 * For actions: the call's data as `{ ok: true, data }`, or the refusal as `{ ok: false, error, fields }` with
 * its status for the form to show. A session that ended meanwhile goes to /admin/login.
 */
export async function adminSubmit<T>(
  request: Request,
  context: AppLoadContext,
  method: Exclude<Method, 'GET'>,
  path: string,
  body?: unknown,
) {
  const { status, result } = await adminCall<T>(request, context, method, path, body);
  if (!result.ok && status === 401) throw toLogin(request);
  return data(result, { status: result.ok ? 200 : status });
}

/** The form's string fields as an object (a missing field is undefined, never null). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
  return fields;
}
