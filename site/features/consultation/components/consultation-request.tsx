import { type ReactNode, useEffect, useRef, useState } from "react";
import {
  type ConsultationInput,
  consultationFieldLabels,
  consultationSchema,
} from "../../../../shared/schemas/consultation";
import { studio, telHref } from "../../../../shared/studio";
import { FormActions, RequiredNote } from "../../../components/form-actions";
import { type FormStatus, useSubmissionForm } from "../../../lib/forms/use-submission-form";
import { consultationEndpoint } from "../consultation-api";
import { ConsultationFields } from "./consultation-fields";
import { RequestSent } from "./request-sent";
import "../../../styles/forms.css";

/** The error banner's first line, word for word as the studio wrote it. */
const consultationErrorMessage = "Sorry, there was an error submitting your request.";

const initial: ConsultationInput = {
  name: "",
  email: "",
  phone: "",
  tattooIdea: "",
  size: "",
  placement: "",
  timeframe: "",
  experience: "",
  budget: "",
  availability: "",
  ageVerification: false,
  website: "",
};

const fieldOrder = [
  "name",
  "email",
  "phone",
  "tattooIdea",
  "size",
  "placement",
  "timeframe",
  "experience",
  "budget",
  "availability",
  "ageVerification",
] as const;

/**
 * The request flow on /book-consultation: the form is hidden until the visitor asks for it, the
 * button reads 'Preparing Request...' while sending, and success replaces the form with the
 * 'Request Sent!' screen and its three links. The page's side box (`aside`) follows the form, so
 * on a phone the form comes first, right under the heading; it steps back on success, so the screen sits right under the heading after the scroll to the top, on a phone
 * too.
 */
export function ConsultationRequest({ aside }: { aside?: ReactNode }) {
  const [sent, setSent] = useState(false);
  const form = useSubmissionForm({
    name: "consultation",
    endpoint: consultationEndpoint,
    initial,
    schema: consultationSchema,
    fieldOrder,
    onSuccess: () => setSent(true),
  });
  const [open, setOpen] = useState(false);
  const firstField = useRef(false);
  const revealButton = useRef<HTMLButtonElement>(null);
  const hidden = useRef(false);
  const { formRef, ready, restored, update } = form;

  // A restored draft is shown at once, so the visitor sees the text they had typed.
  useEffect(() => {
    if (restored) setOpen(true);
  }, [restored]);

  // An idea carried over from the idea generator or a flash design (`?idea=`) fills the tattoo
  // idea and opens the form; the parameter then leaves the URL so a reload keeps later edits.
  useEffect(() => {
    if (!ready) return;
    const url = new URL(window.location.href);
    const idea = url.searchParams.get("idea")?.trim();
    if (!idea) return;
    update({ tattooIdea: idea.slice(0, 1000) });
    setOpen(true);
    url.searchParams.delete("idea");
    window.history.replaceState(window.history.state, "", url);
  }, [ready, update]);

  // Focus follows the visitor's action: into the form when it opens, back to the button when hidden.
  useEffect(() => {
    if (open && firstField.current) {
      firstField.current = false;
      formRef.current?.querySelector<HTMLElement>("[name=name]")?.focus();
    }
    if (!open && hidden.current) {
      hidden.current = false;
      revealButton.current?.focus();
    }
  }, [open, formRef]);

  if (sent) return <RequestSent bookingUrl={form.config?.bookingWidgetUrl} />;

  return (
    <div className="book-layout">
      <section className="consultation-request" aria-labelledby="request-form-title">
        <div className="consultation-request__bar">
          <h2 id="request-form-title" className="consultation-request__title">
            Request your free consultation
          </h2>
          {open ? (
            <button
              type="button"
              className="button button--ghost"
              aria-expanded="true"
              aria-controls="consultation-form"
              onClick={() => {
                hidden.current = true;
                setOpen(false);
              }}
            >
              Hide Form
            </button>
          ) : null}
        </div>
        {!open ? (
          <div className="consultation-request__closed">
            <p>It takes about three minutes. Your answers stay in this browser until the request is sent.</p>
            <button
              ref={revealButton}
              type="button"
              className="button button--primary"
              aria-expanded="false"
              aria-controls="consultation-form"
              onClick={() => {
                firstField.current = true;
                setOpen(true);
              }}
            >
              Start Your Request
            </button>
          </div>
        ) : (
          <form
            id="consultation-form"
            ref={formRef}
            className="studio-form"
            noValidate
            onSubmit={form.onSubmit}
            aria-labelledby="request-form-title"
          >
            <RequiredNote />
            {restored ? (
              <p className="studio-form__restored">Your unsent request was restored from this browser.</p>
            ) : null}
            <ConsultationFields form={form} />
            <FormActions
              guards={form.guards}
              submitting={form.submitting}
              ready={ready}
              label="Send Request"
              busyLabel="Preparing Request..."
            />
            <div className="form-status-region" role="alert" aria-atomic="true">
              {form.status?.kind === "error" ? <RequestFailed status={form.status} /> : null}
            </div>
          </form>
        )}
        <noscript>
          <p className="form-banner form-banner--error">
            The request form needs JavaScript. Please call {studio.phone.display} or e-mail {studio.email}.
          </p>
        </noscript>
      </section>
      {aside}
    </div>
  );
}

/** The error banner: what went wrong and, for invalid fields, a list of what to check. */
function RequestFailed({ status }: { status: Extract<FormStatus, { kind: "error" }> }) {
  const failing = fieldOrder.filter((name) => status.fields[name]);
  return (
    <div className="form-banner form-banner--error">
      <p>{consultationErrorMessage}</p>
      {status.detail ? <p>{status.detail}</p> : null}
      {failing.length ? (
        <>
          <p className="form-banner__label">Please check:</p>
          <ul className="form-banner__list">
            {failing.map((name) => (
              <li key={name}>
                {consultationFieldLabels[name]}: {status.fields[name]}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        You can also contact us directly at <a href={telHref}>{studio.phone.display}</a>.
      </p>
    </div>
  );
}
