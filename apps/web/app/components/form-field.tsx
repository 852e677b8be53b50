import { useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldFrame {
  label: string;
  name: string;
  /** The control's id; the name when not given. */
  id?: string | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the label with '*' (the form says what it means) and the control as required. */
  required?: boolean | undefined;
}

/** What the frame hands its control: the id, name and the wiring that ties it to the label and messages. */
interface Wiring {
  id: string;
  name: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

const inputClass =
  'mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-white px-3.5 text-base text-ink outline-none transition-colors placeholder:text-muted/70 focus:border-wine-600 focus:ring-2 focus:ring-wine-100 aria-[invalid=true]:border-wine-600 [&[readonly]]:bg-sand/50 [&[readonly]]:text-muted disabled:opacity-60 sm:text-sm';

/** The label above, the control, then the hint, or the error in its place, announced to screen readers. */
function Frame({ label, name, id, error, hint, required, control }: FieldFrame & { control: (wiring: Wiring) => ReactNode }) {
  const fieldId = id ?? name;
  return (
    <div>
      <label htmlFor={fieldId} className="block text-sm font-medium text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-wine-700">
            *
          </span>
        )}
      </label>
      {control({
        id: fieldId,
        name,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined,
        className: inputClass,
      })}
      {hint && !error && (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm font-medium text-wine-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Splits a field's props into the frame's and the control's. */
function split<P extends FieldFrame>({ label, name, id, error, hint, required, ...control }: P) {
  return [{ label, name, id, error, hint, required }, control] as const;
}

/** A labelled input with its hint or error message. */
export function TextField(props: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const [frame, input] = split(props);
  return <Frame {...frame} control={(wiring) => <input {...wiring} {...input} />} />;
}

/** A labelled password input with a 'Show'/'Hide' toggle, so the shopper can check what she typed. */
export function PasswordField(props: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [frame, input] = split(props);
  const [shown, setShown] = useState(false);
  return (
    <Frame
      {...frame}
      control={(wiring) => (
        <div className="relative">
          <input {...wiring} className={`${wiring.className} pr-16`} {...input} type={shown ? 'text' : 'password'} />
          <button
            type="button"
            onClick={() => setShown(!shown)}
            aria-pressed={shown}
            aria-label={shown ? `Hide ${frame.label.toLowerCase()}` : `Show ${frame.label.toLowerCase()}`}
            aria-controls={wiring.id}
            className="absolute inset-y-0 right-1 flex min-w-11 items-center justify-center rounded-lg px-2 text-sm font-semibold text-wine-700 hover:text-wine-800 focus-visible:outline-2 focus-visible:outline-wine-600"
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    />
  );
}

/** A labelled text area (a message, a description) with its hint or error message. */
export function TextAreaField(props: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [frame, textarea] = split(props);
  return <Frame {...frame} control={(wiring) => <textarea {...wiring} className={`${wiring.className} py-2.5`} {...textarea} />} />;
}

export function SelectField({ children, ...props }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const [frame, select] = split(props);
  return (
    <Frame
      {...frame}
      control={(wiring) => (
        <select {...wiring} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** A 10-digit Indian mobile number (addresses, profile). */
export function MobileField(props: Omit<FieldFrame, 'label'> & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <TextField
      label="Phone"
      type="tel"
      inputMode="tel"
      // Room for the number as people write it ('+91 98765-43210'); the server keeps its 10 digits.
      maxLength={16}
      autoComplete="tel-national"
      hint="10-digit mobile number."
      {...props}
    />
  );
}

/** An amount in rupees typed as people write it ('1,299.50'); the server reads it to the paisa. */
export function RupeeField(props: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <TextField inputMode="decimal" autoComplete="off" maxLength={14} {...props} />;
}

/** The photo types the shop's media store takes (checked again by content on the server). */
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/avif';

const photoInputClass =
  'mt-1.5 block w-full max-w-md rounded-xl border border-dashed border-line bg-white p-2 text-sm text-muted file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-full file:border file:border-solid file:border-line file:bg-sand file:px-4 file:text-sm file:font-medium file:text-ink hover:file:border-wine-600 aria-[invalid=true]:border-wine-600';

/** A labelled picker of several photos (a review's, a return's), with its hint or error; posted in a multipart form. */
export function PhotoFilesField(props: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'accept' | 'multiple'>) {
  const [frame, input] = split(props);
  return (
    <Frame
      {...frame}
      control={(wiring) => <input {...wiring} {...input} type="file" accept={PHOTO_TYPES} multiple className={photoInputClass} />}
    />
  );
}
