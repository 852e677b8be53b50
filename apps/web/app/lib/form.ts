import { fieldMessages } from '@shop/core';
import { useState } from 'react';
import { toast } from './toast';
import { ApiError, errorMessage } from './api-client';
import { messageOf } from './failure';

/** Per-field messages of a form, keyed by field name. */
export type FieldErrors = Record<string, string>;

interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/**
 * Checks form values with the schema the API uses; answers the parsed data or the first message per field, named
 * as the API names them (@shop/core's fieldMessages: 'items.0.quantity'; a refusal of the whole form is 'form').
 */
export function validate<T>(
  schema: Schema<T>,
  values: unknown,
): { data: T; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  return { errors: fieldMessages(result.error.issues, 'form') };
}

/** The per-field messages a failed call carries, for the form to show beside its inputs. */
export const fieldErrorsOf = (error: unknown): FieldErrors => (error instanceof ApiError ? error.fields : {});

/**
 * State of a plain form: its values, per-field errors, a busy flag, `field(name)` props for an input, and
 * `submit(schema, send)` which validates, calls `send` with the parsed values and reports a failure beside the
 * fields it names, or as a toast when no field shows it.
 */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: messageOf(errors, name),
  });

  async function submit<P>(schema: Schema<P>, send: (data: P) => Promise<void>, fallback?: string): Promise<void> {
    const checked = validate(schema, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      await send(checked.data);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      // A message already shown beside its field ('email: …' or the field's own words) is not toasted too.
      const message = errorMessage(error, fallback);
      const inline = Object.values(fields).some((text) => message === text || message.endsWith(`: ${text}`));
      if (!inline) toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return { values, setValues, errors, setErrors, busy, field, submit };
}
