import { lazy, type ReactNode, Suspense } from "react";
import { formTicketPath } from "../../shared/schemas/submission";
import { Honeypot } from "./form-fields";

/**
 * Turnstile's widget loads only where the worker has a key, once the form's configuration says
 * so (on the visitor's first focus): most forms never show it, and no page load carries it.
 */
const TurnstileWidget = lazy(() =>
  import("./turnstile-widget").then((module) => ({ default: module.TurnstileWidget })),
);

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
 * and the submit button, disabled only while sending. Before hydration, or with JavaScript off,
 * the button posts the form as it is to the worker (the form's method and action), which answers
 * with a page; the image inside <noscript> is then what tells the worker when the form appeared.
 */
export function FormActions({
  guards,
  submitting,
  label,
  busyLabel,
}: {
  guards: {
    honeypot: { value: string; onChange: (value: string) => void };
    turnstile: { siteKey: string; onToken: (token: string) => void; resetSignal: number } | null;
  };
  submitting: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      <Honeypot {...guards.honeypot} />
      {guards.turnstile ? (
        <Suspense fallback={null}>
          <TurnstileWidget {...guards.turnstile} />
        </Suspense>
      ) : null}
      <noscript>
        <img className="form-ticket" src={formTicketPath} alt="" width={1} height={1} hidden />
      </noscript>
      <div className="studio-form__actions">
        <button type="submit" className="button button--primary form-submit" disabled={submitting}>
          {submitting ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
