import { contactSuccessMessage } from "../../../../shared/content/form-messages";
import { type ContactInput, contactServiceOptionsFor } from "../../../../shared/schemas/contact-fields";
import { FormActions, RequiredNote } from "../../../components/form-actions";
import { Checkbox, SelectInput, TextArea } from "../../../components/form-fields";
import { IdentityFields } from "../../../components/identity-fields";
import { useFacts } from "../../../content/content-context";
import { useSubmissionForm } from "../../../lib/forms/use-submission-form";
import { contactEndpoint } from "../contact-api";
import "../../../styles/forms.css";

/** The contact form's error message, word for word as the studio wrote it. */
const contactErrorMessage =
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

/**
 * The contact form on /contact: idle, submitting, then success (form reset) or error; the
 * status banner clears after 5 s; errors sit under their fields. Without JavaScript it posts as
 * a plain form and the worker answers with this page, filled in (worker/features/requests/form-routes.ts).
 */
export function ContactForm() {
  const { mailtoHref, prices, studio, telHref } = useFacts();
  const form = useSubmissionForm({
    name: "contact",
    endpoint: contactEndpoint,
    initial,
    fieldOrder,
  });
  const { status } = form;

  return (
    <form
      ref={form.formRef}
      className="studio-form"
      method="post"
      action={form.action}
      noValidate
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="studio-form__title">
        Send a message
      </h2>
      <RequiredNote>
        {/* Only a script keeps the draft: without one the sentence would not be true. */}
        <span className="js-only">What you type is kept in this browser until your message is sent.</span>
      </RequiredNote>
      {form.restored ? (
        <p className="studio-form__restored">Your unsent message was restored from this browser.</p>
      ) : null}

      <div className="studio-form__grid">
        <IdentityFields idPrefix="contact" text={form.text} />
        <SelectInput
          id="contact-service"
          {...form.text("service")}
          label="Service interest"
          placeholder="Choose a service"
          options={contactServiceOptionsFor(prices)}
        />
      </div>
      <TextArea
        id="contact-message"
        {...form.text("message")}
        label="Message"
        required
        rows={6}
        maxLength={1000}
        hint="10 to 1000 characters."
      />
      <Checkbox
        id="contact-newsletter"
        {...form.check("newsletter")}
        label="Send me news about new flash designs and guest spots (occasional, unsubscribe any time)."
      />
      <Checkbox
        id="contact-age"
        {...form.check("ageVerification")}
        required
        label="I confirm that I am 18 years of age or older"
      />
      <FormActions
        guards={form.guards}
        submitting={form.submitting}
        label="Send Message"
        busyLabel="Sending..."
      />

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
    </form>
  );
}
