/** A posted field as text: '' when it is missing or a file (a form post is read, never trusted). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The named posted fields as text, for a schema to check and a refused form to show again. */
export function formTexts<Name extends string>(form: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, formText(form, name)])) as Record<Name, string>;
}

/** Which of a form's submit buttons was pressed (its `intent`), or `fallback` for none or an unknown one. */
export function formIntent<Intent extends string>(form: FormData, intents: readonly Intent[], fallback: Intent): Intent {
  const value = formText(form, 'intent');
  return (intents as readonly string[]).includes(value) ? (value as Intent) : fallback;
}

/** The files posted in a field, leaving out the empty part a file input sends when nothing was chosen. */
export function formFiles(form: FormData, name: string): File[] {
  return form.getAll(name).filter((value): value is File => typeof value !== 'string' && value.size > 0);
}
