import { z } from 'zod';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the same, but tab, line feed and carriage return stay allowed
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed.';

/**
 * True when `value` holds a C0 control character or DEL (NUL, escape, backspace ...), which nobody types into
 * a form and PostgreSQL cannot even store (NUL). `multiline` allows tab, line feed and carriage return.
 */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value);
}

/**
 * A text field people type: a string without control characters (one line unless `multiline`). Every text
 * field of a schema should start from this (`missing`: the message when the value is absent or not text), so a NUL byte is a 400 naming the field, never a database error.
 */
export const plainText = (options: { multiline?: boolean; message?: string; missing?: string } = {}) =>
  z
    .string(options.missing === undefined ? undefined : { error: options.missing })
    .refine((value) => !hasControlCharacters(value, options), options.message ?? CONTROL_CHARACTERS_MESSAGE);
