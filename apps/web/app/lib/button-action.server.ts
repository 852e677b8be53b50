import { AppError } from '@shop/core';
import { redirect } from 'react-router';
import { ENHANCED_FIELD, type Flash } from './flash';
import { done, redirectWithFlash } from './flash.server';
import { formFailure } from './service-call.server';

/**
 * Runs the change of a button or a small form with no room of its own for a failure (delete, make default, mark as
 * read, block, revoke, archive, pack, ship…), posted with or without scripts (put <Enhanced /> in it). Done:
 * `done` with the message (none: an enhanced form gets `{ ok: true }`, a plain post goes back). Refused (an
 * AppError): an enhanced form gets the failure with its status to toast (useAnswerToast with `failures`), a plain
 * post goes back with the message as an 'error' flash. Anything else is a fault and goes on to the error page.
 */
export async function buttonCall(form: FormData, back: string, change: () => Promise<unknown>, success?: Flash | string) {
  const enhanced = form.get(ENHANCED_FIELD) === '1';
  try {
    await change();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (enhanced) return formFailure(error.status, { error: error.message, fields: error.fields ?? {} }, {});
    return redirectWithFlash(back, { kind: 'error', message: error.message });
  }
  const flash = typeof success === 'string' ? (success ? { kind: 'success' as const, message: success } : undefined) : success;
  if (flash) return done(form, back, flash);
  return enhanced ? { ok: true as const } : redirect(back);
}

/**
 * The refusal of a form's fields as one message (the first field's own words, 'Courier is required.') for a form
 * whose failure is told as a toast or a flash rather than beside its fields.
 */
export function invalidFields(fields: Record<string, string>): AppError {
  return new AppError('INVALID_DATA', Object.values(fields)[0] ?? 'Please check the form.', fields);
}
