import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { GuideRow } from "../../../../shared/price-guide";
import {
  type ConsultationInput,
  consultationFieldLabels,
} from "../../../../shared/schemas/consultation-fields";
import { FormActions, RequiredNote } from "../../../components/form-actions";
import { useFacts } from "../../../content/content-context";
import { type FormStatus, useSubmissionForm } from "../../../lib/forms/use-submission-form";
import { consultationEndpoint } from "../consultation-api";
import { ConsultationFields } from "./consultation-fields";
import { ReferenceImagesSlot, type ReferenceImagesState } from "./reference-images-slot";
import "../../../styles/forms.css";
import "./attached-design.css";
import "./reference-images.css";

// Loaded only when a design is attached, so the form's usual visit stays within its script budget.
const AttachedDesign = lazy(() => import("./attached-design"));
// The 'Request Sent!' screen is needed once, after sending: it loads when the visitor sends
// (onSubmit), while the request is on its way, so it is there when the answer is.
const loadSent = () => import("./request-sent");
const RequestSent = lazy(() => loadSent().then((module) => ({ default: module.RequestSent })));

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
  flashDesign: "",
  ageVerification: false,
  website: "",
};

/** The fields in the order the form shows them: the draft's keys, without the robots' field. */
const fieldOrder = (Object.keys(initial) as (keyof ConsultationInput & string)[]).filter(
  (name) => name !== "website",
);

/**
 * The request flow on /book-consultation: the form, the button reading 'Preparing Request...'
 * while sending, and success replacing the form with the 'Request Sent!' screen and its three
 * links. The form is in the page from the start and comes before the side box (what to expect,
 * rendered by the page outside this island: static text ships no script), so on a phone it
 * starts right under the heading, and it works as a plain form without JavaScript: the worker
 * then answers with this page, filled in (worker/features/requests/form-routes.ts). The side box steps back
 * on success (form-pages.css), so the screen sits right under the heading after the scroll to
 * the top.
 */
export function ConsultationRequest({ guide }: { guide?: GuideRow[] | undefined }) {
  // Once sent: the answer's link to the request's private status page, if it carries one.
  const [sent, setSent] = useState<{ statusUrl?: string | undefined } | null>(null);
  // The uploaded images' claims, read when the request is sent (never kept in the draft).
  const images = useRef<ReferenceImagesState>({ claims: [], busy: false });
  const [imagesWait, setImagesWait] = useState(false);
  const form = useSubmissionForm({
    name: "consultation",
    endpoint: consultationEndpoint,
    initial,
    fieldOrder,
    onSuccess: (created) => setSent({ statusUrl: created.statusUrl }),
    extra: () => (images.current.claims.length ? { referenceImages: images.current.claims } : {}),
  });
  const { ready, restored, update } = form;
  const onImagesChange = useCallback((state: ReferenceImagesState) => {
    images.current = state;
    if (!state.busy) setImagesWait(false);
  }, []);
  const designField = form.text("flashDesign");

  // An idea carried over from the idea generator or a claimed flash design (`?idea=`) fills the
  // tattoo idea; "Book this design" (`?design=`) attaches an available design. The parameters
  // then leave the URL so a reload keeps later edits.
  useEffect(() => {
    if (!ready) return;
    const url = new URL(window.location.href);
    const params = url.searchParams;
    const idea = params.get("idea")?.trim();
    const flashDesign = params.get("design");
    if (!idea && !flashDesign) return;
    update({ ...(idea && { tattooIdea: idea.slice(0, 1000) }), ...(flashDesign && { flashDesign }) });
    params.delete("idea");
    params.delete("design");
    window.history.replaceState(window.history.state, "", url);
  }, [ready, update]);

  if (sent)
    return (
      <Suspense fallback={null}>
        <RequestSent bookingUrl={form.config?.bookingWidgetUrl} statusUrl={sent.statusUrl} />
      </Suspense>
    );

  return (
    <section className="consultation-request" aria-labelledby="request-form-title">
      <div className="consultation-request__bar">
        <h2 id="request-form-title" className="consultation-request__title">
          Request your free consultation
        </h2>
      </div>
      <form
        id="consultation-form"
        ref={form.formRef}
        className="studio-form"
        method="post"
        action={form.action}
        noValidate
        onSubmit={(event) => {
          // A request sent while an image is still uploading would go without it.
          setImagesWait(images.current.busy);
          if (images.current.busy) event.preventDefault();
          else form.onSubmit(event);
        }}
        onFocus={form.onFocus}
        aria-labelledby="request-form-title"
      >
        <RequiredNote>
          It takes about three minutes.{" "}
          <span className="js-only">Your answers stay in this browser until the request is sent.</span>
        </RequiredNote>
        {restored ? (
          <p className="studio-form__restored">Your unsent request was restored from this browser.</p>
        ) : null}
        {designField.value ? (
          <Suspense fallback={null}>
            <AttachedDesign
              designId={designField.value}
              error={designField.error}
              onRemove={() => update({ flashDesign: "" })}
            />
          </Suspense>
        ) : null}
        <ConsultationFields
          form={form}
          guide={guide}
          images={
            <ReferenceImagesSlot
              error={
                imagesWait
                  ? "Please wait until your images have finished uploading, then send the request."
                  : form.status?.kind === "error"
                    ? form.status.fields.referenceImages
                    : undefined
              }
              onChange={onImagesChange}
            />
          }
        />
        <FormActions
          guards={form.guards}
          submitting={form.submitting}
          label="Send Request"
          busyLabel="Preparing Request..."
        />
        <div className="form-status-region" role="alert" aria-atomic="true">
          {form.status?.kind === "error" ? <RequestFailed status={form.status} /> : null}
        </div>
      </form>
    </section>
  );
}

/** The error banner: what went wrong and, for invalid fields, a list of what to check. */
function RequestFailed({ status }: { status: Extract<FormStatus, { kind: "error" }> }) {
  const { studio, telHref } = useFacts();
  const failing = [...fieldOrder, "referenceImages"].filter((name) => status.fields[name]);
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
