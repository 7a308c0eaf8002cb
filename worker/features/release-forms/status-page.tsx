/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import type { Facts } from "../../../shared/content-facts";
import { releaseFormLabels, releaseFormText } from "../../../shared/release-form";
import { studio } from "../../../shared/studio";
import { Banner } from "../../platform/banner";
import { studioTime } from "../../platform/studio-clock";
import { StageCard } from "../request-status";
import type { JourneyContext, Section } from "../request-status/journey";
import { hasReleaseFormKey } from "./crypto";
import { type AskedAgain, releaseFormState } from "./service";

/**
 * The release form's part of the status page (docs/decisions/020-quote-to-healed.md, "Release
 * form"): while a session is booked, the studio's consent and release form, a plain form that
 * posts without script; once signed, the date it was signed. The words come from
 * shared/release-form.ts, the same text that is sealed with the answers.
 */

/** The anchor the page returns to after signing, and the section's own id. */
export const releaseFormAnchor = "release-form";

/** What the client typed and why the form was refused, when a post failed. */
export interface ReleaseFormDraft {
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  /** A refusal of the whole form (under age), shown above it. */
  message: string;
}

type Draft = ReleaseFormDraft | null;

const fieldId = (name: string) => `rf-${name}`;

/** A refused field's attributes: marked invalid and described by its message. */
const invalid = (name: string, draft: Draft) =>
  draft?.errors[name] ? { "aria-invalid": "true", "aria-describedby": `${fieldId(name)}-error` } : {};

function ErrorText({ name, draft }: { name: string; draft: Draft }) {
  const message = draft?.errors[name];
  return message ? (
    <p class="release-form__error" id={`${fieldId(name)}-error`}>
      {message}
    </p>
  ) : null;
}

/** A text input with its label, hint and message; `input` holds the input's own attributes. */
function TextField({
  name,
  label,
  draft,
  input,
  hint = "",
}: {
  name: string;
  label: string;
  draft: Draft;
  input: Record<string, string | boolean>;
  hint?: string;
}) {
  const error = draft?.errors[name];
  const describedBy = [hint ? `${fieldId(name)}-hint` : "", error ? `${fieldId(name)}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div class="release-form__field">
      <label for={fieldId(name)}>{label}</label>
      {hint && (
        <p class="release-form__hint" id={`${fieldId(name)}-hint`}>
          {hint}
        </p>
      )}
      <ErrorText name={name} draft={draft} />
      <input
        id={fieldId(name)}
        name={name}
        value={draft?.values[name] ?? ""}
        {...input}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy || undefined}
      />
    </div>
  );
}

function Question({ id, text, draft }: { id: string; text: string; draft: Draft }) {
  const answer = draft?.values[id];
  const details = `${id}Details`;
  const radio = (value: "yes" | "no", label: string) => (
    <label class="release-form__choice">
      <input type="radio" name={id} value={value} required checked={answer === value} /> {label}
    </label>
  );
  return (
    <fieldset
      class="release-form__question"
      id={fieldId(id)}
      aria-describedby={draft?.errors[id] ? `${fieldId(id)}-error` : undefined}
    >
      <legend>{text}</legend>
      <ErrorText name={id} draft={draft} />
      <div class="release-form__choices">
        {radio("no", "No")}
        {radio("yes", "Yes")}
      </div>
      <div class="release-form__field release-form__field--details">
        <label for={fieldId(details)}>Details, if yes</label>
        <ErrorText name={details} draft={draft} />
        <input
          id={fieldId(details)}
          name={details}
          maxlength={300}
          value={draft?.values[details] ?? ""}
          {...invalid(details, draft)}
        />
      </div>
    </fieldset>
  );
}

function Summary({ draft }: { draft: ReleaseFormDraft }) {
  // A refusal the banner already says in full (under age) is not listed again below it.
  const errorNames = Object.entries(draft.errors)
    .filter(([, message]) => !draft.message.startsWith(message))
    .map(([name]) => name);
  return (
    <div
      class="request-status__banner request-status__banner--error"
      id="release-form-error"
      role="alert"
      tabindex={-1}
    >
      <p>{draft.message}</p>
      {errorNames.length > 0 && (
        <ul>
          {errorNames.map((name) => (
            <li>
              <a href={`#${fieldId(name)}`}>{releaseFormLabels[name] ?? name}</a>: {draft.errors[name] ?? ""}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReleaseFormCard({ children, tabbable = false }: { children: Child; tabbable?: boolean }) {
  return (
    <StageCard
      part="release-form"
      anchor={releaseFormAnchor}
      titleId="release-form-title"
      focusable={tabbable}
    >
      <link rel="stylesheet" href="/release-form.css" />
      <h2 id="release-form-title">Your release form</h2>
      {children}
    </StageCard>
  );
}

/** The form itself, blank or with a refused post's values and messages. */
/** Why a form signed before is asked for again, in the client's words. */
function AskedAgainNote({ asked }: { asked: AskedAgain }) {
  const signed = <time datetime={asked.signedAt}>{studioTime(asked.signedAt)}</time>;
  if (asked.reason === "text-changed")
    return (
      <p class="release-form__again">
        You signed the release form on {signed}. The studio has changed the form since then, so please read it
        again and sign this version.
      </p>
    );
  return (
    <p class="release-form__again">
      You signed the release form on {signed} for
      {asked.sessionStartsAt ? (
        <>
          {" "}
          your session of <time datetime={asked.sessionStartsAt}>{studioTime(asked.sessionStartsAt)}</time>
        </>
      ) : (
        " an earlier session"
      )}
      {asked.sessionDone
        ? ". Each session has its own form, as the answers may have changed since: please sign it for this one."
        : ", which was cancelled. A form holds for the session it was signed for, so please sign it for this one."}
    </p>
  );
}

export function ReleaseForm({
  token,
  startsAt,
  draft,
  bornOn = null,
  askedAgain = null,
}: {
  token: string;
  startsAt: string;
  draft: Draft;
  /** The date of birth given with the quote: the field starts with it. */
  bornOn?: string | null;
  /** A form signed for an earlier session, and why it is asked again. */
  askedAgain?: AskedAgain | null;
}) {
  const t = releaseFormText;
  return (
    <ReleaseFormCard>
      {askedAgain && <AskedAgainNote asked={askedAgain} />}
      <p>
        Before your session on <time datetime={startsAt}>{studioTime(startsAt)}</time>, please complete the
        studio's consent and release form. It takes about five minutes.
      </p>
      {draft && <Summary draft={draft} />}
      <details class="release-form__sheet" open={Boolean(draft)}>
        <summary class="button button--primary">Read and sign the release form</summary>
        <form class="release-form__form" method="post" action={`/requests/${token}/release-form`}>
          <h3>{t.title}</h3>
          <p>{t.intro}</p>
          <fieldset class="release-form__group">
            <legend>About you</legend>
            <TextField
              name="legalName"
              label={releaseFormLabels.legalName ?? ""}
              draft={draft}
              input={{ autocomplete: "name", maxlength: "100", required: true }}
            />
            <TextField
              name="dateOfBirth"
              label={releaseFormLabels.dateOfBirth ?? ""}
              draft={draft}
              input={{
                type: "date",
                autocomplete: "bday",
                required: true,
                ...(draft || !bornOn ? {} : { value: bornOn }),
              }}
              hint={
                bornOn
                  ? "As you gave it when you accepted the quote."
                  : // The age the form enforces (shared/release-form.ts), not an editable claim.
                    `The studio tattoos adults only: ${studio.claims.minimumAge} or older.`
              }
            />
            <TextField
              name="emergencyName"
              label={releaseFormLabels.emergencyName ?? ""}
              draft={draft}
              input={{ maxlength: "100", required: true }}
            />
            <TextField
              name="emergencyPhone"
              label={releaseFormLabels.emergencyPhone ?? ""}
              draft={draft}
              input={{ type: "tel", autocomplete: "off", maxlength: "20", required: true }}
            />
          </fieldset>
          <h3>Your health</h3>
          <p>{t.healthIntro}</p>
          {t.questions.map((q) => (
            <Question id={q.id} text={q.text} draft={draft} />
          ))}
          <h3>The risks</h3>
          <p>{t.risksIntro}</p>
          <ul class="release-form__risks">
            {t.risks.map((risk) => (
              <li>{risk}</li>
            ))}
          </ul>
          <h3>Aftercare</h3>
          <p>
            {t.aftercare} <a href={t.aftercareUrl}>Read the aftercare guide</a>.
          </p>
          <h3>Your consent</h3>
          <fieldset class="release-form__group">
            <legend class="visually-hidden">Acknowledgements</legend>
            {t.acknowledgements.map((a) => {
              const name = `ack-${a.id}`;
              return (
                <div class="release-form__ack">
                  <ErrorText name={name} draft={draft} />
                  <label>
                    <input
                      type="checkbox"
                      id={fieldId(name)}
                      name={name}
                      required
                      checked={Boolean(draft?.values[name])}
                      {...invalid(name, draft)}
                    />{" "}
                    <span>{a.text}</span>
                  </label>
                </div>
              );
            })}
          </fieldset>
          <p class="release-form__id">{t.photoId}</p>
          <TextField
            name="signature"
            label={releaseFormLabels.signature ?? ""}
            draft={draft}
            input={{ autocomplete: "off", maxlength: "100", required: true }}
            hint={t.signatureNote}
          />
          <p class="release-form__hint">The time you sign is recorded with the form.</p>
          <button class="button button--primary" type="submit">
            Sign the release form
          </button>
        </form>
      </details>
    </ReleaseFormCard>
  );
}

function Signed({
  signedAt,
  justSigned,
  facts: { studio, telHref },
}: {
  signedAt: string;
  justSigned: boolean;
  facts: Facts;
}) {
  return (
    <ReleaseFormCard tabbable={justSigned}>
      {justSigned && <Banner kind="success">Thank you: your release form is signed.</Banner>}
      <p class="release-form__signed">
        <strong>
          Signed on <time datetime={signedAt}>{studioTime(signedAt)}</time>.
        </strong>{" "}
        {releaseFormText.photoId}
      </p>
      <p>
        If your health changes before the session, tell the artist when you arrive, or call{" "}
        <a href={telHref}>{studio.phone.display}</a>.
      </p>
    </ReleaseFormCard>
  );
}

function Unavailable() {
  return (
    <StageCard part="release-form" titleId="release-form-title">
      <h2 id="release-form-title">Your release form</h2>
      <p>
        You will sign the studio's consent and release form at the studio before your session. Please come ten
        minutes early, with a government photo ID.
      </p>
    </StageCard>
  );
}

/** The status page's part: the form while a session is booked, then that it is signed. */
export async function releaseFormPart(context: JourneyContext): Promise<Section | null> {
  const state = await releaseFormState(context.env.DB, context.request.id);
  if (state.kind === "none") return null;
  if (state.kind === "signed")
    return (
      <Signed
        signedAt={state.signedAt}
        justSigned={context.query.get("signed") === "1"}
        facts={context.facts}
      />
    );
  // With no key the form cannot be sealed: it is signed on paper at the studio instead.
  if (!(await hasReleaseFormKey(context.env))) return <Unavailable />;
  return (
    <ReleaseForm
      token={context.token}
      startsAt={state.startsAt}
      draft={null}
      bornOn={state.bornOn}
      askedAgain={state.askedAgain}
    />
  );
}
