import { postedForm } from '../../lib/read-form.server';

/**
 * A back-office page's posted form, read within the size of a form of fields (lib/read-form.server.ts); a post
 * refused before it is read (no declared length: 400, too large: 413) is the page's error answer in those words.
 */
export const adminForm = (request: Request): Promise<FormData> => postedForm(request);

/** Which of a form's buttons was pressed (its `intent`) among `intents`, or null for none or another. */
export function formIntentOf<Intent extends string>(form: FormData, intents: readonly Intent[]): Intent | null {
  const value = form.get('intent');
  return typeof value === 'string' && (intents as readonly string[]).includes(value) ? (value as Intent) : null;
}
