// Form fields with a real label, the error tied to the input (aria-invalid, aria-describedby) and an optional hint.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

type Common = { label: string; error?: string | null; hint?: ReactNode; required?: boolean; className?: string };

function useFieldIds(error?: string | null, hint?: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { id, errorId, hintId, describedBy };
}

function Wrapper({
  id,
  label,
  required,
  error,
  errorId,
  hint,
  hintId,
  className,
  children,
}: Common & { id: string; errorId: string; hintId: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** An error under a field or a group of fields, announced when it appears. */
export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  return error ? (
    <p className="field-error" id={id} role="alert">
      {error}
    </p>
  ) : null;
}

export function TextField({ label, error, hint, required, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const ids = useFieldIds(error, hint);
  return (
    <Wrapper {...ids} label={label} error={error} hint={hint} required={required} className={className}>
      <input
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        {...input}
      />
    </Wrapper>
  );
}

export function TextAreaField({ label, error, hint, required, className, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useFieldIds(error, hint);
  return (
    <Wrapper {...ids} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        {...input}
      />
    </Wrapper>
  );
}

export type Option = { value: string; label: string };

export function SelectField({
  label,
  error,
  hint,
  required,
  className,
  options,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[] }) {
  const ids = useFieldIds(error, hint);
  return (
    <Wrapper {...ids} label={label} error={error} hint={hint} required={required} className={className}>
      <select
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrapper>
  );
}

export function CheckboxField({
  label,
  hint,
  className,
  ...input
}: { label: string; hint?: ReactNode; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={`field field-checkbox${className ? ` ${className}` : ''}`}>
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
      {hint ? <p className="field-hint">{hint}</p> : null}
    </div>
  );
}
