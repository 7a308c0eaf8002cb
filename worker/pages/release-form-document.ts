import type { SignedReleaseForm } from "../../shared/release-form";
import { studio } from "../../shared/studio";
import { escapeHtml } from "../lib/form-page";
import { calendarDayText, studioTime } from "../platform/studio-clock";

/**
 * A signed release form as the artist opens it from the inbox: a read-only document on its own
 * page, made for printing (public/release-form-document.css has the print rules). Everything
 * shown comes from the sealed copy, the words included, so it reads exactly as it was signed
 * whatever the form says today.
 */
export function releaseFormDocumentHtml(
  signed: SignedReleaseForm,
  opened: { by: string; at: Date; formId: string; siteUrl: string },
): string {
  const { text, answers } = signed;
  const row = (label: string, value: string) =>
    `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`;
  const born = calendarDayText(answers.dateOfBirth, "long");
  const questions = text.questions
    .map((question) => {
      const answer = answers.health[question.id];
      const yes = answer?.answer === "yes";
      return `<li class="${yes ? "doc-answer--yes" : ""}"><p class="doc-question">${escapeHtml(question.text)}</p><p class="doc-answer"><strong>${
        yes ? "Yes" : answer ? "No" : "Not answered"
      }</strong>${answer?.details ? `: ${escapeHtml(answer.details)}` : ""}</p></li>`;
    })
    .join("");
  const acknowledged = new Set(answers.acknowledged);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>Release form: ${escapeHtml(answers.legalName)} | ${escapeHtml(studio.name)}</title>
<link rel="stylesheet" href="/release-form-document.css" />
<script src="/print-button.js" defer></script>
</head>
<body>
<main class="doc">
<div class="doc-tools"><button type="button" class="doc-print" data-print hidden>Print</button><span>To print or save as PDF, use your browser's Print.</span></div>
<header class="doc-header"><p class="doc-studio">${escapeHtml(studio.name)} · ${escapeHtml(
    `${studio.address.street}, ${studio.address.locality}, ${studio.address.region} ${studio.address.postalCode}`,
  )}</p><h1>${escapeHtml(text.title)}</h1><p class="doc-signed">Signed ${escapeHtml(
    studioTime(signed.signedAt),
  )} (<time datetime="${signed.signedAt}">${signed.signedAt}</time>)</p></header>
<section><h2>The client</h2><dl class="doc-fields">${row("Legal name", answers.legalName)}${row(
    "Date of birth",
    born,
  )}${row("Emergency contact", `${answers.emergencyName}, ${answers.emergencyPhone}`)}</dl></section>
<section><h2>Health</h2><p>${escapeHtml(text.healthIntro)}</p><ol class="doc-questions">${questions}</ol></section>
<section><h2>Risks disclosed</h2><p>${escapeHtml(text.risksIntro)}</p><ul>${text.risks
    .map((risk) => `<li>${escapeHtml(risk)}</li>`)
    .join("")}</ul></section>
<section><h2>Aftercare</h2><p>${escapeHtml(text.aftercare)} (the guide: ${escapeHtml(
    new URL(text.aftercareUrl, opened.siteUrl).href,
  )})</p></section>
<section><h2>Consent</h2><ul class="doc-acks">${text.acknowledgements
    .map(
      (a) =>
        `<li><span class="doc-tick" aria-hidden="true">${acknowledged.has(a.id) ? "☑" : "☐"}</span> ${escapeHtml(
          a.text,
        )}<span class="visually-hidden">${acknowledged.has(a.id) ? " (ticked)" : " (not ticked)"}</span></li>`,
    )
    .join("")}</ul><p>${escapeHtml(text.photoId)}</p></section>
<section class="doc-signature"><h2>Signature</h2><p>${escapeHtml(text.signatureNote)}</p><p class="doc-signature__name">${escapeHtml(
    answers.signature,
  )}</p><p>Typed on ${escapeHtml(studioTime(signed.signedAt))}. Photo ID checked at the studio: ________</p></section>
<footer class="doc-footer"><p>Form version ${escapeHtml(text.version)} · form ${escapeHtml(opened.formId)}. Opened by ${escapeHtml(
    opened.by,
  )} on ${escapeHtml(studioTime(opened.at.toISOString()))}; every opening is in the activity log. Kept encrypted for three years from signing, then deleted.</p></footer>
</main>
</body>
</html>`;
}
