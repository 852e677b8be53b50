import { AppError } from '@shop/core';
import { data } from 'react-router';
import { ENHANCED_FIELD } from '../../lib/flash';
import { backTo, done, redirectWithFlash } from '../../lib/flash.server';

/**
 * Runs a back-office change posted by a button or a small form (block, revoke, pack, ship…) and answers both
 * callers. With scripts (a fetcher; the form sent `_enhanced`): `{ ok: true, toast }`, or the refusal with its
 * status for the button to toast. A plain HTML post goes back to the page it came from with the message, success
 * or refusal: such a form has no room of its own for a failure.
 */
export async function adminChange(request: Request, form: FormData, fallback: string, change: () => Promise<unknown>, success: string) {
  const back = backTo(request, form, fallback);
  try {
    await change();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (form.get(ENHANCED_FIELD) === '1')
      return data({ ok: false as const, error: error.message, fields: error.fields ?? {} }, { status: error.status });
    return redirectWithFlash(back, { kind: 'error', message: error.message });
  }
  return done(form, back, { kind: 'success', message: success });
}

/**
 * The refusal of a form's fields as one message (the first field's own words, 'Courier is required.') for a form
 * whose failure is told as a toast or a flash rather than beside its fields.
 */
export function invalidFields(fields: Record<string, string>): AppError {
  return new AppError('INVALID_DATA', Object.values(fields)[0] ?? 'Please check the form.', fields);
}
