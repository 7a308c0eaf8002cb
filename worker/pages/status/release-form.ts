import { releaseFormLabels, releaseFormText } from "../../../shared/release-form";
import { studio, telHref } from "../../../shared/studio";
import { escapeHtml } from "../../lib/form-page";
import { studioTime } from "../../platform/studio-clock";
import { hasReleaseFormKey } from "../../services/release-form-crypto";
import { releaseFormState } from "../../services/release-forms";
import type { JourneyContext } from "./journey";

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

const fieldId = (name: string) => `rf-${name}`;

function invalid(name: string, draft: ReleaseFormDraft | null): string {
  return draft?.errors[name] ? ` aria-invalid="true" aria-describedby="${fieldId(name)}-error"` : "";
}

function errorText(name: string, draft: ReleaseFormDraft | null): string {
  const message = draft?.errors[name];
  return message
    ? `<p class="release-form__error" id="${fieldId(name)}-error">${escapeHtml(message)}</p>`
    : "";
}

function textField(
  name: string,
  label: string,
  draft: ReleaseFormDraft | null,
  attributes: string,
  hint = "",
): string {
  const value = draft?.values[name] ?? "";
  const error = draft?.errors[name];
  const describedBy = [hint ? `${fieldId(name)}-hint` : "", error ? `${fieldId(name)}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return `<div class="release-form__field"><label for="${fieldId(name)}">${escapeHtml(label)}</label>${
    hint ? `<p class="release-form__hint" id="${fieldId(name)}-hint">${escapeHtml(hint)}</p>` : ""
  }${errorText(name, draft)}<input id="${fieldId(name)}" name="${name}" value="${escapeHtml(value)}" ${attributes}${
    error ? ' aria-invalid="true"' : ""
  }${describedBy ? ` aria-describedby="${describedBy}"` : ""} /></div>`;
}

function questionHtml(id: string, text: string, draft: ReleaseFormDraft | null): string {
  const answer = draft?.values[id];
  const details = `${id}Details`;
  const radio = (value: "yes" | "no", label: string) =>
    `<label class="release-form__choice"><input type="radio" name="${id}" value="${value}" required${
      answer === value ? " checked" : ""
    } /> ${label}</label>`;
  const described = draft?.errors[id] ? ` aria-describedby="${fieldId(id)}-error"` : "";
  return `<fieldset class="release-form__question" id="${fieldId(id)}"${described}><legend>${escapeHtml(text)}</legend>${errorText(
    id,
    draft,
  )}<div class="release-form__choices">${radio("no", "No")}${radio("yes", "Yes")}</div><div class="release-form__field release-form__field--details"><label for="${fieldId(
    details,
  )}">Details, if yes</label>${errorText(details, draft)}<input id="${fieldId(details)}" name="${details}" maxlength="300" value="${escapeHtml(
    draft?.values[details] ?? "",
  )}"${invalid(details, draft)} /></div></fieldset>`;
}

/** The form itself, blank or with a refused post's values and messages. */
export function releaseFormHtml(token: string, startsAt: string, draft: ReleaseFormDraft | null): string {
  const t = releaseFormText;
  // A refusal the banner already says in full (under age) is not listed again below it.
  const errorNames = Object.entries(draft?.errors ?? {})
    .filter(([, message]) => !draft?.message.startsWith(message))
    .map(([name]) => name);
  const summary = draft
    ? `<div class="request-status__banner request-status__banner--error" id="release-form-error" role="alert" tabindex="-1"><p>${escapeHtml(
        draft.message,
      )}</p>${
        errorNames.length
          ? `<ul>${errorNames
              .map(
                (name) =>
                  `<li><a href="#${fieldId(name)}">${escapeHtml(releaseFormLabels[name] ?? name)}</a>: ${escapeHtml(
                    draft.errors[name] ?? "",
                  )}</li>`,
              )
              .join("")}</ul>`
          : ""
      }</div>`
    : "";
  return `<section class="request-status__card release-form" id="${releaseFormAnchor}" aria-labelledby="release-form-title">
<link rel="stylesheet" href="/release-form.css" />
<h2 id="release-form-title">Your release form</h2>
<p>Before your session on <time datetime="${startsAt}">${escapeHtml(studioTime(startsAt))}</time>, please complete the studio's consent and release form. It takes about five minutes.</p>
${summary}
<details class="release-form__sheet"${draft ? " open" : ""}><summary class="button button--primary">Read and sign the release form</summary>
<form class="release-form__form" method="post" action="/requests/${token}/release-form">
<h3>${escapeHtml(t.title)}</h3>
<p>${escapeHtml(t.intro)}</p>
<fieldset class="release-form__group"><legend>About you</legend>
${textField("legalName", releaseFormLabels.legalName ?? "", draft, 'autocomplete="name" maxlength="100" required')}
${textField(
  "dateOfBirth",
  releaseFormLabels.dateOfBirth ?? "",
  draft,
  'type="date" autocomplete="bday" required',
  `The studio tattoos adults only: ${studio.claims.minimumAge} or older.`,
)}
${textField("emergencyName", releaseFormLabels.emergencyName ?? "", draft, 'maxlength="100" required')}
${textField("emergencyPhone", releaseFormLabels.emergencyPhone ?? "", draft, 'type="tel" autocomplete="off" maxlength="20" required')}
</fieldset>
<h3>Your health</h3>
<p>${escapeHtml(t.healthIntro)}</p>
${t.questions.map((q) => questionHtml(q.id, q.text, draft)).join("\n")}
<h3>The risks</h3>
<p>${escapeHtml(t.risksIntro)}</p>
<ul class="release-form__risks">${t.risks.map((risk) => `<li>${escapeHtml(risk)}</li>`).join("")}</ul>
<h3>Aftercare</h3>
<p>${escapeHtml(t.aftercare)} <a href="${t.aftercareUrl}">Read the aftercare guide</a>.</p>
<h3>Your consent</h3>
<fieldset class="release-form__group"><legend class="visually-hidden">Acknowledgements</legend>
${t.acknowledgements
  .map((a) => {
    const name = `ack-${a.id}`;
    return `<div class="release-form__ack">${errorText(name, draft)}<label><input type="checkbox" id="${fieldId(name)}" name="${name}" required${
      draft?.values[name] ? " checked" : ""
    }${invalid(name, draft)} /> <span>${escapeHtml(a.text)}</span></label></div>`;
  })
  .join("\n")}
</fieldset>
<p class="release-form__id">${escapeHtml(t.photoId)}</p>
${textField("signature", releaseFormLabels.signature ?? "", draft, 'autocomplete="off" maxlength="100" required', t.signatureNote)}
<p class="release-form__hint">The time you sign is recorded with the form.</p>
<button class="button button--primary" type="submit">Sign the release form</button>
</form></details></section>`;
}

function signedHtml(signedAt: string, justSigned: boolean): string {
  return `<section class="request-status__card release-form" id="${releaseFormAnchor}" aria-labelledby="release-form-title"${
    justSigned ? ' tabindex="-1"' : ""
  }>
<link rel="stylesheet" href="/release-form.css" />
<h2 id="release-form-title">Your release form</h2>
${justSigned ? '<p class="request-status__banner request-status__banner--success" role="status">Thank you: your release form is signed.</p>' : ""}
<p class="release-form__signed"><strong>Signed on <time datetime="${signedAt}">${escapeHtml(studioTime(signedAt))}</time>.</strong> ${escapeHtml(
    releaseFormText.photoId,
  )}</p>
<p>If your health changes before the session, tell the artist when you arrive, or call <a href="${telHref}">${escapeHtml(
    studio.phone.display,
  )}</a>.</p></section>`;
}

const unavailableHtml = `<section class="request-status__card release-form" aria-labelledby="release-form-title"><h2 id="release-form-title">Your release form</h2><p>You will sign the studio's consent and release form at the studio before your session. Please come ten minutes early, with a government photo ID.</p></section>`;

/** The status page's part: the form while a session is booked, then that it is signed. */
export async function releaseFormPart(context: JourneyContext): Promise<string> {
  const state = await releaseFormState(context.env.DB, context.request.id);
  if (state.kind === "none") return "";
  if (state.kind === "signed") return signedHtml(state.signedAt, context.query.get("signed") === "1");
  // With no key the form cannot be sealed: it is signed on paper at the studio instead.
  if (!(await hasReleaseFormKey(context.env))) return unavailableHtml;
  return releaseFormHtml(context.token, state.startsAt, null);
}
