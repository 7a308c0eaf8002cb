import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  budgetOptions,
  type ConsultationInput,
  consultationFieldLabels,
  consultationSchema,
  experienceOptions,
  sizeOptions,
  timeframeOptions,
} from "../../../../shared/schemas/consultation";
import { fieldErrors, limits } from "../../../../shared/schemas/fields";
import { scanPayload, unsafeContentMessage } from "../../../../shared/schemas/security-scan";
import { studio, telHref } from "../../../../shared/studio";
import { Checkbox, Honeypot, SelectInput, TextArea, TextInput } from "../../../components/form-fields";
import { TurnstileWidget } from "../../../components/turnstile-widget";
import {
  focusFirstInvalid,
  submitForm,
  useDraft,
  useFormConfig,
  useTimedStatus,
} from "../../../lib/form-submission";
import { storagePrefix } from "../../../lib/storage-prefix";
import "../../../styles/forms.css";

/** public-site.md 5 and 8, verbatim. */
export const consultationSuccessMessage =
  "Consultation request submitted successfully! We'll contact you within 24 hours to schedule your free session.";
export const consultationErrorMessage = "Sorry, there was an error submitting your request.";

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

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

type Failure = { fields: Record<string, string>; detail?: string };

/**
 * The request flow on /book-consultation (public-site.md 2, 4, 5): the form is hidden until the
 * visitor asks for it, the button reads 'Preparing Request...' while sending, and success
 * replaces the form with the 'Request Sent!' screen and its three links. The page's side box
 * (`aside`) steps back on success, so the screen sits right under the heading after the
 * scroll to the top, on a phone too.
 */
export function ConsultationRequest({ aside }: { aside?: ReactNode }) {
  const draft = useDraft<ConsultationInput>(`${storagePrefix}draft:consultation`, initial);
  const config = useFormConfig("/api/consultations/config");
  const failure = useTimedStatus<Failure>(5000);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState("");
  const [turnstileReset, setTurnstileReset] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const firstField = useRef(false);
  const revealButton = useRef<HTMLButtonElement>(null);
  const hidden = useRef(false);
  const v = draft.values;

  // A restored draft is shown at once, so the visitor sees the text they had typed.
  useEffect(() => {
    if (draft.restored) setOpen(true);
  }, [draft.restored]);

  // An idea carried over from the idea generator or a flash design (`?idea=`) fills the tattoo
  // idea and opens the form; the parameter then leaves the URL so a reload keeps later edits.
  const { update } = draft;
  useEffect(() => {
    if (!draft.ready) return;
    const url = new URL(window.location.href);
    const idea = url.searchParams.get("idea")?.trim();
    if (!idea) return;
    update({ tattooIdea: idea.slice(0, 1000) });
    setOpen(true);
    url.searchParams.delete("idea");
    window.history.replaceState(window.history.state, "", url);
  }, [draft.ready, update]);

  // Focus follows the visitor's action: into the form when it opens, back to the button when hidden.
  useEffect(() => {
    if (open && firstField.current) {
      firstField.current = false;
      form.current?.querySelector<HTMLElement>("[name=name]")?.focus();
    }
    if (!open && hidden.current) {
      hidden.current = false;
      revealButton.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!sent) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
    successHeading.current?.focus({ preventScroll: true });
  }, [sent]);

  function set<K extends keyof ConsultationInput>(key: K, value: ConsultationInput[K]) {
    draft.update({ [key]: value } as Partial<ConsultationInput>);
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  }

  function fail(fields: Record<string, string>, detail?: string) {
    setErrors(fields);
    failure.show({ fields, ...(detail ? { detail } : {}) });
    requestAnimationFrame(() => focusFirstInvalid(form.current, fieldOrder, fields));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const payload = { ...v, fillMs: draft.fillMs(), ...(turnstileToken ? { turnstileToken } : {}) };
    if (scanPayload(v)) return fail({}, unsafeContentMessage);
    const checked = consultationSchema.safeParse(payload);
    if (!checked.success) return fail(fieldErrors(checked.error.issues));

    setSubmitting(true);
    const outcome = await submitForm("/api/consultations", payload, draft.idempotencyKeyFor(v));
    setSubmitting(false);
    setTurnstileReset((n) => n + 1);
    if (outcome.ok) {
      setErrors({});
      failure.hide();
      draft.clear();
      setSent(true);
      return;
    }
    if (outcome.kind === "validation") return fail(outcome.fields);
    fail({}, outcome.message);
  }

  if (sent) {
    const bookingUrl = config?.bookingWidgetUrl;
    return (
      <div className="book-layout book-layout--sent">
        <section className="request-sent" aria-labelledby="request-sent-title">
          <p className="request-sent__mark" aria-hidden="true">
            ✓
          </p>
          <h2 id="request-sent-title" ref={successHeading} tabIndex={-1}>
            Request Sent!
          </h2>
          <p role="status" className="request-sent__message">
            {consultationSuccessMessage}
          </p>
          <p className="request-sent__next">
            Want to pick a time now? Choose a slot in the studio's booking calendar, or keep browsing.
          </p>
          <div className="button-row button-row--center request-sent__links">
            {bookingUrl ? (
              <a
                className="button button--primary"
                href={bookingUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Book Your Appointment
                <span className="visually-hidden"> (opens the booking calendar in a new tab)</span>
              </a>
            ) : (
              <a className="button button--primary" href={telHref}>
                Book Your Appointment by phone
              </a>
            )}
            <Link className="button button--ghost" to="/gallery">
              View Portfolio
            </Link>
            <Link className="button button--ghost" to="/contact">
              Contact Info
            </Link>
          </div>
        </section>
      </div>
    );
  }

  const shown = failure.status;
  const failing = shown ? fieldOrder.filter((name) => shown.fields[name]) : [];

  return (
    <div className="book-layout">
      {aside}
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
            ref={form}
            className="studio-form"
            noValidate
            onSubmit={onSubmit}
            aria-labelledby="request-form-title"
          >
            <p className="studio-form__intro">
              Fields marked <span aria-hidden="true">*</span>
              <span className="visually-hidden">with an asterisk</span> are required.
            </p>
            {draft.restored ? (
              <p className="studio-form__restored">Your unsent request was restored from this browser.</p>
            ) : null}
            <fieldset className="studio-form__group">
              <legend>About you</legend>
              <div className="studio-form__grid">
                <TextInput
                  id="consultation-name"
                  name="name"
                  label="Full name"
                  required
                  autoComplete="name"
                  maxLength={limits.nameMax + 10}
                  value={v.name}
                  onChange={(value) => set("name", value)}
                  error={errors.name}
                />
                <TextInput
                  id="consultation-email"
                  name="email"
                  label="Email"
                  type="email"
                  inputMode="email"
                  required
                  autoComplete="email"
                  value={v.email}
                  onChange={(value) => set("email", value)}
                  error={errors.email}
                />
                <TextInput
                  id="consultation-phone"
                  name="phone"
                  label="Phone"
                  type="tel"
                  inputMode="tel"
                  required
                  autoComplete="tel"
                  value={v.phone}
                  onChange={(value) => set("phone", value)}
                  error={errors.phone}
                />
                <SelectInput
                  id="consultation-experience"
                  name="experience"
                  label="Tattoo experience"
                  placeholder="Choose one"
                  options={asOptions(experienceOptions)}
                  value={v.experience}
                  onChange={(value) => set("experience", value)}
                  error={errors.experience}
                />
              </div>
            </fieldset>
            <fieldset className="studio-form__group">
              <legend>Your tattoo</legend>
              <TextArea
                id="consultation-idea"
                name="tattooIdea"
                label="Tattoo idea"
                required
                rows={7}
                maxLength={1000}
                hint="Describe the design, style, any meaning behind it and reference ideas (10 to 1000 characters)."
                value={v.tattooIdea}
                onChange={(value) => set("tattooIdea", value)}
                error={errors.tattooIdea}
              />
              <div className="studio-form__grid">
                <SelectInput
                  id="consultation-size"
                  name="size"
                  label="Size"
                  placeholder="Choose a size"
                  options={asOptions(sizeOptions)}
                  value={v.size}
                  onChange={(value) => set("size", value)}
                  error={errors.size}
                />
                <TextInput
                  id="consultation-placement"
                  name="placement"
                  label="Placement"
                  maxLength={110}
                  hint="Where on the body, e.g. left forearm."
                  value={v.placement}
                  onChange={(value) => set("placement", value)}
                  error={errors.placement}
                />
                <SelectInput
                  id="consultation-timeframe"
                  name="timeframe"
                  label="Timeframe"
                  placeholder="When would you like it?"
                  options={asOptions(timeframeOptions)}
                  value={v.timeframe}
                  onChange={(value) => set("timeframe", value)}
                  error={errors.timeframe}
                />
                <SelectInput
                  id="consultation-budget"
                  name="budget"
                  label="Budget"
                  placeholder="Prefer to discuss in person"
                  options={asOptions(budgetOptions)}
                  value={v.budget}
                  onChange={(value) => set("budget", value)}
                  error={errors.budget}
                />
              </div>
              <TextArea
                id="consultation-availability"
                name="availability"
                label="Availability"
                rows={3}
                maxLength={500}
                hint="Days and times that suit you for the consultation."
                value={v.availability}
                onChange={(value) => set("availability", value)}
                error={errors.availability}
              />
            </fieldset>
            <Checkbox
              id="consultation-age"
              name="ageVerification"
              required
              label="I confirm that I am 18 years of age or older"
              checked={v.ageVerification}
              onChange={(checked) => set("ageVerification", checked)}
              error={errors.ageVerification}
            />
            <Honeypot value={v.website ?? ""} onChange={(value) => set("website", value)} />
            {config?.turnstileSiteKey ? (
              <TurnstileWidget
                siteKey={config.turnstileSiteKey}
                onToken={setTurnstileToken}
                resetSignal={turnstileReset}
              />
            ) : null}
            <div className="studio-form__actions">
              <button
                type="submit"
                className="button button--primary form-submit"
                disabled={submitting || !draft.ready}
              >
                {submitting ? "Preparing Request..." : "Send Request"}
              </button>
            </div>
            <div className="form-status-region" role="alert" aria-atomic="true">
              {shown ? (
                <div className="form-banner form-banner--error">
                  <p>{consultationErrorMessage}</p>
                  {shown.detail ? <p>{shown.detail}</p> : null}
                  {failing.length ? (
                    <>
                      <p className="form-banner__label">Please check:</p>
                      <ul className="form-banner__list">
                        {failing.map((name) => (
                          <li key={name}>
                            {consultationFieldLabels[name]}: {shown.fields[name]}
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                  <p>
                    You can also contact us directly at <a href={telHref}>{studio.phone.display}</a>.
                  </p>
                </div>
              ) : null}
            </div>
          </form>
        )}
        <noscript>
          <p className="form-banner form-banner--error">
            The request form needs JavaScript. Please call {studio.phone.display} or e-mail {studio.email}.
          </p>
        </noscript>
      </section>
    </div>
  );
}
