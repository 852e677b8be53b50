import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

interface FieldFrame {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
}

const inputClass =
  'mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-white px-3.5 text-base text-ink outline-none transition-colors placeholder:text-muted/70 focus:border-wine-600 focus:ring-2 focus:ring-wine-100 aria-[invalid=true]:border-wine-600 [&[readonly]]:bg-sand/50 [&[readonly]]:text-muted disabled:opacity-60 sm:text-sm';

function Messages({ name, error, hint }: Pick<FieldFrame, 'name' | 'error' | 'hint'>) {
  return (
    <>
      {hint && !error && (
        <p id={`${name}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} role="alert" className="mt-1 text-sm font-medium text-wine-700">
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = ({ name, error, hint }: FieldFrame) => (error ? `${name}-error` : hint ? `${name}-hint` : undefined);

/** A labelled input with its hint or error message announced to screen readers. */
export function TextField({ label, name, error, hint, id, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const fieldId = id ?? name;
  return (
    <div>
      <label htmlFor={fieldId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ label, name, error, hint })}
        className={inputClass}
        {...input}
      />
      <Messages name={name} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  name,
  error,
  hint,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ label, name, error, hint })}
        className={inputClass}
        {...select}
      >
        {children}
      </select>
      <Messages name={name} error={error} hint={hint} />
    </div>
  );
}

/** A 10-digit Indian mobile number (addresses, profile). */
export function MobileField(props: Omit<FieldFrame, 'label'> & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <TextField
      label="Phone"
      type="tel"
      inputMode="numeric"
      maxLength={10}
      autoComplete="tel-national"
      hint="10-digit mobile number."
      {...props}
    />
  );
}
