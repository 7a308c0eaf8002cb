import type { ChangeEvent, ReactNode } from "react";

/**
 * Labelled inputs for the public forms. Each error sits under its field, is tied to it with
 * aria-describedby and aria-invalid, and is read out when focus moves to the field.
 */

interface BaseProps {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
}

/**
 * The attributes that tell assistive technology a field is required, whether it is invalid, and
 * which hint, error (and, for a text area, count) to read with it.
 */
function fieldAria(
  id: string,
  { error, required, hint }: Pick<BaseProps, "error" | "required" | "hint">,
  alsoDescribedBy?: string,
) {
  return {
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby":
      [hint ? `${id}-hint` : null, error ? `${id}-error` : null, alsoDescribedBy].filter(Boolean).join(" ") ||
      undefined,
  };
}

/**
 * What every text control of a field carries: its id and name, its value and the handler of a
 * change, and its ARIA attributes.
 */
function controlProps(
  props: BaseProps & { value: string; onChange: (value: string) => void },
  alsoDescribedBy?: string,
) {
  const { id, name, value, onChange } = props;
  return {
    id,
    name,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange(event.target.value),
    ...fieldAria(id, props, alsoDescribedBy),
  };
}

/** A field's error, named by the field's aria-describedby; nothing when the field is valid. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="form-field__error">
      <span aria-hidden="true">⚠ </span>
      {error}
    </p>
  );
}

function FieldShell({ id, label, error, required, hint, children }: BaseProps & { children: ReactNode }) {
  return (
    <div className={`form-field${error ? " form-field--invalid" : ""}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required ? (
          <span className="form-field__required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="form-field__optional"> (optional)</span>
        )}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function TextInput(
  props: BaseProps & {
    value: string;
    onChange: (value: string) => void;
    /** An e-mail or phone field also asks a phone for that keyboard (inputmode). */
    type?: "text" | "email" | "tel";
    autoComplete?: string;
    maxLength?: number;
    /** The id of a <datalist> of suggestions; any other text stays valid. */
    list?: string;
  },
) {
  const { type = "text", autoComplete, maxLength, list } = props;
  return (
    <FieldShell {...props}>
      <input
        type={type}
        className="form-control"
        autoComplete={autoComplete}
        list={list}
        inputMode={type === "text" ? undefined : type}
        maxLength={maxLength}
        {...controlProps(props)}
      />
    </FieldShell>
  );
}

export function TextArea(
  props: BaseProps & { value: string; onChange: (value: string) => void; rows?: number; maxLength: number },
) {
  const { id, rows = 5, maxLength } = props;
  const used = [...props.value].length;
  return (
    <FieldShell {...props}>
      <textarea
        className="form-control form-control--area"
        rows={rows}
        {...controlProps(props, `${id}-count`)}
      />
      <p
        id={`${id}-count`}
        data-max={maxLength}
        className={`form-field__count${used > maxLength ? " form-field__count--over" : ""}`}
      >
        {used} / {maxLength} characters
      </p>
    </FieldShell>
  );
}

export function SelectInput(
  props: BaseProps & {
    value: string;
    onChange: (value: string) => void;
    options: readonly { value: string; label: string }[];
    placeholder: string;
  },
) {
  const { options, placeholder } = props;
  return (
    <FieldShell {...props}>
      <select className="form-control form-control--select" {...controlProps(props)}>
        <option value="">{placeholder}</option>
        {options.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function Checkbox({
  id,
  name,
  label,
  checked,
  onChange,
  error,
  required,
}: {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <div className={`form-check${error ? " form-check--invalid" : ""}`}>
      <input
        id={id}
        name={name}
        type="checkbox"
        className="form-check__input"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        {...fieldAria(id, { error, required })}
      />
      <label htmlFor={id} className="form-check__label">
        {label}
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The honeypot: hidden from people (off-screen, out of the tab order, hidden from assistive
 * technology) but present for robots that fill every input.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
