import type { ReactNode } from "react";

/**
 * The few field parts the waitlist needs, with the same markup and classes as the request
 * form's (site/components/form-fields.tsx, form-actions.tsx). Written here rather than imported:
 * a third island importing those modules made the bundler split them into chunks of their own,
 * and the request form, at its script budget, went over it by the split's overhead.
 */

/** The ticket image's address: its answer starts the fill time of a post without JavaScript. */
export const formTicketPath = "/forms/ticket";

export function RequiredNote({ children }: { children: ReactNode }) {
  return (
    <p className="studio-form__intro">
      Fields marked <span aria-hidden="true">*</span>
      <span className="visually-hidden">with an asterisk</span> are required. {children}
    </p>
  );
}

export function TextInput(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** An e-mail field also asks a phone for that keyboard (inputmode). */
  type?: "text" | "email";
  autoComplete: string;
  maxLength: number;
  error: string | undefined;
}) {
  const { id, name, label, value, onChange, type = "text", autoComplete, maxLength, error } = props;
  return (
    <div className={`form-field${error ? " form-field--invalid" : ""}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
        <span className="form-field__required" aria-hidden="true">
          {" "}
          *
        </span>
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="form-control"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        inputMode={type === "text" ? undefined : type}
        maxLength={maxLength}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The honeypot: off-screen and out of the tab order for people, present for robots. */
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
