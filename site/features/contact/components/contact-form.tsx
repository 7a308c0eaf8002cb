import { type FormEvent, useRef, useState } from "react";
import { type ContactInput, contactSchema, contactServiceOptions } from "../../../../shared/schemas/contact";
import { fieldErrors, limits } from "../../../../shared/schemas/fields";
import { scanPayload, unsafeContentMessage } from "../../../../shared/schemas/security-scan";
import { mailtoHref, studio, telHref } from "../../../../shared/studio";
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

/** public-site.md 8: the contact form's two status messages, verbatim. */
export const contactSuccessMessage = "✅ Thank you for your message! We'll get back to you within 24 hours.";
export const contactErrorMessage =
  "❌ Sorry, there was an error sending your message. Please try again or contact us directly.";

const initial: ContactInput = {
  name: "",
  email: "",
  phone: "",
  service: "",
  message: "",
  newsletter: false,
  ageVerification: false,
  website: "",
};

const fieldOrder = ["name", "email", "phone", "service", "message", "ageVerification"] as const;

type Status = { kind: "success" } | { kind: "error"; detail?: string };

/**
 * The contact form on /contact (public-site.md 2, 4, 5): idle, submitting, then success (form
 * reset) or error; the status banner clears after 5 s; errors sit under their fields.
 */
export function ContactForm() {
  const draft = useDraft<ContactInput>(`${storagePrefix}draft:contact`, initial);
  const config = useFormConfig("/api/contact/config");
  const { status, show } = useTimedStatus<Status>(5000);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState("");
  const [turnstileReset, setTurnstileReset] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const v = draft.values;

  function set<K extends keyof ContactInput>(key: K, value: ContactInput[K]) {
    draft.update({ [key]: value } as Partial<ContactInput>);
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  }

  function fail(fields: Record<string, string>, detail?: string) {
    setErrors(fields);
    show({ kind: "error", ...(detail ? { detail } : {}) });
    // Focus waits for the error text to render so it is read with the field.
    requestAnimationFrame(() => focusFirstInvalid(form.current, fieldOrder, fields));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const payload = { ...v, fillMs: draft.fillMs(), ...(turnstileToken ? { turnstileToken } : {}) };
    if (scanPayload(v)) return fail({}, unsafeContentMessage);
    const checked = contactSchema.safeParse(payload);
    if (!checked.success) return fail(fieldErrors(checked.error.issues));

    setSubmitting(true);
    const outcome = await submitForm("/api/contact", payload, draft.idempotencyKeyFor(v));
    setSubmitting(false);
    setTurnstileReset((n) => n + 1);
    if (outcome.ok) {
      setErrors({});
      draft.clear();
      show({ kind: "success" });
      return;
    }
    if (outcome.kind === "validation") return fail(outcome.fields);
    fail({}, outcome.message);
  }

  return (
    <form
      ref={form}
      className="studio-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="studio-form__title">
        Send a message
      </h2>
      <p className="studio-form__intro">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required. What you type is kept in this
        browser until your message is sent.
      </p>
      {draft.restored ? (
        <p className="studio-form__restored">Your unsent message was restored from this browser.</p>
      ) : null}

      <div className="studio-form__grid">
        <TextInput
          id="contact-name"
          name="name"
          label="Name"
          required
          autoComplete="name"
          maxLength={limits.nameMax + 10}
          value={v.name}
          onChange={(value) => set("name", value)}
          error={errors.name}
        />
        <TextInput
          id="contact-email"
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
          id="contact-phone"
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={v.phone}
          onChange={(value) => set("phone", value)}
          error={errors.phone}
        />
        <SelectInput
          id="contact-service"
          name="service"
          label="Service interest"
          placeholder="Choose a service"
          options={contactServiceOptions}
          value={v.service}
          onChange={(value) => set("service", value)}
          error={errors.service}
        />
      </div>
      <TextArea
        id="contact-message"
        name="message"
        label="Message"
        required
        rows={6}
        maxLength={1000}
        hint="10 to 1000 characters."
        value={v.message}
        onChange={(value) => set("message", value)}
        error={errors.message}
      />
      <Checkbox
        id="contact-newsletter"
        name="newsletter"
        label="Send me news about new flash designs and guest spots (occasional, unsubscribe any time)."
        checked={v.newsletter}
        onChange={(checked) => set("newsletter", checked)}
      />
      <Checkbox
        id="contact-age"
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
          {submitting ? "Sending..." : "Send Message"}
        </button>
      </div>

      <div className="form-status-region" role="status" aria-live="polite" aria-atomic="true">
        {status?.kind === "success" ? (
          <p className="form-banner form-banner--success">{contactSuccessMessage}</p>
        ) : null}
      </div>
      <div className="form-status-region" role="alert" aria-atomic="true">
        {status?.kind === "error" ? (
          <div className="form-banner form-banner--error">
            <p>{contactErrorMessage}</p>
            {status.detail ? <p>{status.detail}</p> : null}
            <p>
              Call <a href={telHref}>{studio.phone.display}</a> or e-mail{" "}
              <a href={mailtoHref}>{studio.email}</a>.
            </p>
          </div>
        ) : null}
      </div>
      <noscript>
        <p className="form-banner form-banner--error">
          This form needs JavaScript. Please call {studio.phone.display} or e-mail {studio.email}.
        </p>
      </noscript>
    </form>
  );
}
