/** @jsxImportSource hono/jsx */
import type { SignedReleaseForm } from "../../../shared/release-form";
import { studio } from "../../../shared/studio";
import { calendarDayText, studioTime } from "../../platform/studio-clock";

/**
 * A signed release form as the artist opens it from the inbox: a read-only document on its own
 * page, made for printing (public/release-form-document.css has the print rules). Everything
 * shown comes from the sealed copy, the words included, so it reads exactly as it was signed
 * whatever the form says today.
 */
interface Opened {
  by: string;
  at: Date;
  formId: string;
  siteUrl: string;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function ReleaseFormDocument({ signed, opened }: { signed: SignedReleaseForm; opened: Opened }) {
  const { text, answers } = signed;
  const born = calendarDayText(answers.dateOfBirth, "long");
  const acknowledged = new Set(answers.acknowledged);
  const address = `${studio.address.street}, ${studio.address.locality}, ${studio.address.region} ${studio.address.postalCode}`;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`Release form: ${answers.legalName} | ${studio.name}`}</title>
        <link rel="stylesheet" href="/release-form-document.css" />
        <script src="/print-button.js" defer></script>
      </head>
      <body>
        <main class="doc">
          <div class="doc-tools">
            <button type="button" class="doc-print" data-print hidden>
              Print
            </button>
            <span>To print or save as PDF, use your browser's Print.</span>
          </div>
          <header class="doc-header">
            <p class="doc-studio">{`${studio.name} · ${address}`}</p>
            <h1>{text.title}</h1>
            <p class="doc-signed">
              Signed {studioTime(signed.signedAt)} (<time datetime={signed.signedAt}>{signed.signedAt}</time>)
            </p>
          </header>
          <section>
            <h2>The client</h2>
            <dl class="doc-fields">
              <Row label="Legal name" value={answers.legalName} />
              <Row label="Date of birth" value={born} />
              <Row label="Emergency contact" value={`${answers.emergencyName}, ${answers.emergencyPhone}`} />
            </dl>
          </section>
          <section>
            <h2>Health</h2>
            <p>{text.healthIntro}</p>
            <ol class="doc-questions">
              {text.questions.map((question) => {
                const answer = answers.health[question.id];
                const yes = answer?.answer === "yes";
                return (
                  <li class={yes ? "doc-answer--yes" : ""}>
                    <p class="doc-question">{question.text}</p>
                    <p class="doc-answer">
                      <strong>{yes ? "Yes" : answer ? "No" : "Not answered"}</strong>
                      {answer?.details ? `: ${answer.details}` : ""}
                    </p>
                  </li>
                );
              })}
            </ol>
          </section>
          <section>
            <h2>Risks disclosed</h2>
            <p>{text.risksIntro}</p>
            <ul>
              {text.risks.map((risk) => (
                <li>{risk}</li>
              ))}
            </ul>
          </section>
          <section>
            <h2>Aftercare</h2>
            <p>{`${text.aftercare} (the guide: ${new URL(text.aftercareUrl, opened.siteUrl).href})`}</p>
          </section>
          <section>
            <h2>Consent</h2>
            <ul class="doc-acks">
              {text.acknowledgements.map((a) => (
                <li>
                  <span class="doc-tick" aria-hidden="true">
                    {acknowledged.has(a.id) ? "☑" : "☐"}
                  </span>{" "}
                  {a.text}
                  <span class="visually-hidden">
                    {acknowledged.has(a.id) ? " (ticked)" : " (not ticked)"}
                  </span>
                </li>
              ))}
            </ul>
            <p>{text.photoId}</p>
          </section>
          <section class="doc-signature">
            <h2>Signature</h2>
            <p>{text.signatureNote}</p>
            <p class="doc-signature__name">{answers.signature}</p>
            <p>Typed on {studioTime(signed.signedAt)}. Photo ID checked at the studio: ________</p>
          </section>
          <footer class="doc-footer">
            <p>
              {`Form version ${text.version} · form ${opened.formId}. Opened by ${opened.by} on ${studioTime(opened.at.toISOString())}; every opening is in the activity log. Kept encrypted for three years from signing, then deleted.`}
            </p>
          </footer>
        </main>
      </body>
    </html>
  );
}

/** The whole document, as the admin's view of a signed form answers it. */
export async function releaseFormDocumentHtml(signed: SignedReleaseForm, opened: Opened): Promise<string> {
  return `<!doctype html>\n${await (<ReleaseFormDocument signed={signed} opened={opened} />).toString()}`;
}
