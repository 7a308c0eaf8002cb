import type { ReactNode } from "react";
import { Honeypot } from "./form-fields";
import { TurnstileWidget } from "./turnstile-widget";

/** The note at the top of a public form; `children` adds a sentence after it. */
export function RequiredNote({ children }: { children?: ReactNode }) {
  return (
    <p className="studio-form__intro">
      Fields marked <span aria-hidden="true">*</span>
      <span className="visually-hidden">with an asterisk</span> are required.{children ? " " : null}
      {children}
    </p>
  );
}

/**
 * The end of a public form: the honeypot robots fill in, Turnstile when the worker has a key,
 * and the submit button, disabled until hydration and while sending.
 */
export function FormActions({
  guards,
  submitting,
  ready,
  label,
  busyLabel,
}: {
  guards: {
    honeypot: { value: string; onChange: (value: string) => void };
    turnstile: { siteKey: string; onToken: (token: string) => void; resetSignal: number } | null;
  };
  submitting: boolean;
  ready: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      <Honeypot {...guards.honeypot} />
      {guards.turnstile ? <TurnstileWidget {...guards.turnstile} /> : null}
      <div className="studio-form__actions">
        <button type="submit" className="button button--primary form-submit" disabled={submitting || !ready}>
          {submitting ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
