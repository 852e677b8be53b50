import { AppError } from '@shop/core';
import { data } from 'react-router';
import { readForm } from '../../lib/read-form.server';

/**
 * A back-office page's posted form, read within the size of a form of fields (lib/read-form.server.ts); a post
 * refused before it is read (no declared length, too large) is the page's 400 in those words.
 */
export async function adminForm(request: Request): Promise<FormData> {
  try {
    return await readForm(request);
  } catch (error) {
    if (error instanceof AppError) throw data({ error: error.message }, { status: error.status });
    throw error;
  }
}

/** Which of a form's buttons was pressed (its `intent`) among `intents`, or null for none or another. */
export function formIntentOf<Intent extends string>(form: FormData, intents: readonly Intent[]): Intent | null {
  const value = form.get('intent');
  return typeof value === 'string' && (intents as readonly string[]).includes(value) ? (value as Intent) : null;
}
