/** @jsxImportSource hono/jsx */
/** How to reach the studio, as the live version publishes it: the refused form's last line. */
export interface FormContact {
  phone: { display: string; e164: string };
  email: string;
}

/**
 * The pieces the worker writes into a form's prerendered page when the form was posted without
 * JavaScript (form-page.tsx places them): a field's error, the banner of a refused form, the
 * success banner. Every form's answer uses them; the screens of one feature (the 'Request Sent!'
 * screen, the waitlist's confirmations) live with that feature.
 */

/** Where the redirect after a saved post takes the visitor: the confirmation. */
export const sentAnchor = "form-sent";

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={`${id}-error`} class="form-field__error">
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}

/** The banner at the end of a refused form: what went wrong, each field to fix, and who to call. */
export function FormBanner({
  form,
  message,
  failing,
  contact,
}: {
  /** The action of the form it belongs to. */
  form: string;
  contact: FormContact;
  message: string;
  /** Each refused field, by the label the form shows, and why. */
  failing: [label: string, message: string][];
}) {
  return (
    <div class="form-banner form-banner--error" data-form={form}>
      <p>{message}</p>
      {failing.length > 0 && (
        <>
          <p class="form-banner__label">Please check:</p>
          <ul class="form-banner__list">
            {failing.map(([label, why]) => (
              <li>
                {label}: {why}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        Call <a href={`tel:${contact.phone.e164}`}>{contact.phone.display}</a> or e-mail{" "}
        <a href={`mailto:${contact.email}`}>{contact.email}</a>.
      </p>
    </div>
  );
}

export function SuccessBanner({ message }: { message: string }) {
  return (
    <p id={sentAnchor} class="form-banner form-banner--success" role="status" tabindex={-1}>
      {message}
    </p>
  );
}
