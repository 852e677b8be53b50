import { AppError } from '@shop/core';
import { redirect } from 'react-router';
import { ENHANCED_FIELD, type Flash } from './flash';
import { done, redirectWithFlash } from './flash.server';
import { formFailure } from './service-call.server';

/**
 * Runs the service call of a button-only form (delete, make default, mark as read, remove) that may be posted with
 * or without scripts (put <Enhanced /> in it). Done: `done` with the message (none: an enhanced form gets
 * `{ ok: true }`, a plain post goes back). Refused (an AppError): an enhanced form gets the failure with its status
 * to toast (useAnswerToast with `failures`), a plain post goes back with the message as an 'error' flash, since a
 * button has no room to show it.
 */
export async function buttonCall(form: FormData, back: string, call: Promise<unknown>, flash?: Flash) {
  const enhanced = form.get(ENHANCED_FIELD) === '1';
  try {
    await call;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (enhanced) return formFailure(error.status, { error: error.message, fields: error.fields ?? {} }, {});
    return redirectWithFlash(back, { kind: 'error', message: error.message });
  }
  if (flash) return done(form, back, flash);
  return enhanced ? { ok: true as const } : redirect(back);
}
