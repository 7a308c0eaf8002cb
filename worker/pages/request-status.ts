import { maxReferenceImageMegabytes } from "../../shared/reference-images";
import {
  awaitsReply,
  type RequestJourney,
  type RequestStage,
  replyDueAt,
  shownStages,
  stageLabels,
  stageNext,
  stageOf,
} from "../../shared/request-stages";
import { maxMessageChars } from "../../shared/schemas/messages";
import { mailtoHref, studio, telHref } from "../../shared/studio";
import { consultationKind } from "../../shared/submission-kinds";
import type { SubmissionRow } from "../db/queries/submissions";
import { escapeHtml } from "../lib/form-page";
import { studioTime } from "../platform/studio-clock";
import type { ConversationMessage } from "../services/messages";

/**
 * The private status page of a consultation request, and the answers to a wrong or refused
 * link, as markup that goes into the site's own page (the not-found page's layout: header,
 * footer, stylesheet) in place of its body. Plain server-rendered HTML: complete without
 * JavaScript, and nothing on it is interactive.
 */

type Consultation = SubmissionRow<"consultation">;

function stepsHtml(current: RequestStage): string {
  // A declined request went no further than it had: the list ends with where it stopped.
  const steps: RequestStage[] =
    current === "declined" ? ["received", "declined"] : shownStages.filter((stage) => stage !== "declined");
  const at = steps.indexOf(current);
  return `<ol class="request-steps">${steps
    .map((stage, i) => {
      const state = i < at ? "done" : i === at ? "current" : "todo";
      const mark = state === "done" ? "✓" : state === "current" ? "●" : "";
      const note = state === "done" ? " (done)" : state === "current" ? " (where it is now)" : " (not yet)";
      return `<li class="request-steps__step request-steps__step--${state}"${
        state === "current" ? ' aria-current="step"' : ""
      }><span class="request-steps__mark" aria-hidden="true">${mark}</span><span class="request-steps__label">${escapeHtml(
        stageLabels[stage],
      )}<span class="visually-hidden">${note}</span></span></li>`;
    })
    .join("")}</ol>`;
}

function dueHtml(request: Consultation, now: Date, stage: RequestStage): string {
  const due = replyDueAt(request.createdAt);
  const when = `<time datetime="${due}">${escapeHtml(studioTime(due))}</time>`;
  // A quote is a reply too: the promise no longer applies once the request has moved on.
  if (!awaitsReply(request.status) || stage !== "received") {
    return `<p class="request-status__due">We promised a first reply within ${escapeHtml(studio.claims.replyWithin)}.</p>`;
  }
  if (Date.parse(due) > now.getTime()) {
    return `<p class="request-status__due"><strong>Reply due by ${when}</strong>, within ${escapeHtml(
      studio.claims.replyWithin,
    )} of your request.</p>`;
  }
  return `<p class="request-status__due request-status__due--late"><strong>Our reply is late.</strong> It was due by ${when}. We are sorry for the wait: the artist will be in touch as soon as she can, or call the studio at <a href="${telHref}">${escapeHtml(
    studio.phone.display,
  )}</a>.</p>`;
}

/** What the client sent, every field as text. */
function sentHtml(request: Consultation, references: Readonly<Record<string, string>>): string {
  const row = request as unknown as Record<string, unknown>;
  const shown = (value: unknown) => {
    if (typeof value === "boolean") return value ? "Yes" : "No";
    return value == null ? "" : String(value).trim();
  };
  const items: [string, unknown][] = [
    ["Name", request.name],
    ["E-mail", request.email],
    // A design chosen from the flash sheet is shown by its title, as the caller resolved it.
    ...consultationKind.fields.map(
      (field) => [field.label, references[field.column] ?? row[field.column]] as [string, unknown],
    ),
    ["Sent", studioTime(request.createdAt)],
  ];
  // Questions left blank are left out: a list of "not given" would bury what was said.
  const given = items.filter(([, value]) => shown(value) !== "");
  return `<dl class="request-sent-fields">${given
    .map(([label, value]) => `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(shown(value))}</dd></div>`)
    .join("")}</dl>`;
}

/** The anchor the page is sent to after the client's answer is saved. */
export const messageSentAnchor = "message-sent";

/** The conversation on the page, and the answer form's state after a refused post. */
export interface ConversationView {
  token: string;
  messages: readonly ConversationMessage[];
  /** True right after the client's answer was saved (the redirect's `?sent=1`). */
  sent?: boolean;
  /** What the client typed and why it was refused, when a post failed. */
  draft?: string;
  error?: { message: string; field: "body" | "image" | null };
}

function messageHtml(message: ConversationMessage, token: string): string {
  const who = message.author === "artist" ? "The artist" : "You";
  // Text only: escaped, its line breaks kept by the stylesheet, never read as markup.
  const images = message.images
    .map(
      (image) =>
        `<a class="thread__image" href="/requests/${token}/images/${image.id}/full"><img src="/requests/${token}/images/${image.id}/thumb" width="${Math.min(160, image.width)}" height="${Math.round((Math.min(160, image.width) * image.height) / Math.max(1, image.width))}" alt="What you sent (opens full size)" loading="lazy" /></a>`,
    )
    .join("");
  return `<li class="thread__message thread__message--${message.author}"><p class="thread__meta"><strong>${who}</strong> · <time datetime="${message.createdAt}">${escapeHtml(
    studioTime(message.createdAt),
  )}</time></p><div class="thread__body">${escapeHtml(message.body)}</div>${images ? `<div class="thread__images">${images}</div>` : ""}</li>`;
}

function conversationHtml(view: ConversationView): string {
  const list = view.messages.length
    ? `<ol class="thread">${view.messages.map((message) => messageHtml(message, view.token)).join("")}</ol>`
    : `<p>No messages yet. When the artist writes to you about your request, it appears here and we e-mail you.</p>`;
  const error = view.error;
  const bodyInvalid = error?.field === "body";
  const imageInvalid = error?.field === "image";
  const banner = view.sent
    ? `<p class="request-status__banner request-status__banner--success" id="${messageSentAnchor}" role="status" tabindex="-1">Your answer was sent. The artist has been told and will reply here.</p>`
    : error
      ? `<p class="request-status__banner request-status__banner--error" id="message-error" role="alert" tabindex="-1">${escapeHtml(error.message)}</p>`
      : "";
  return `<section class="request-status__card" aria-labelledby="request-thread-title"><h2 id="request-thread-title">Messages</h2>${list}${banner}
<form class="thread-form" method="post" action="/requests/${view.token}/messages" enctype="multipart/form-data">
<div class="thread-form__field"><label for="message-body">Your answer</label><textarea id="message-body" name="body" rows="5" maxlength="${maxMessageChars}" required${
    bodyInvalid ? ' aria-invalid="true" aria-describedby="message-error"' : ""
  }>${escapeHtml(view.draft ?? "")}</textarea></div>
<div class="thread-form__field"><label for="message-image">Add an image <span class="thread-form__optional">(optional: JPEG, PNG or WebP, up to ${maxReferenceImageMegabytes} MB)</span></label><input id="message-image" name="image" type="file" accept="image/jpeg,image/png,image/webp"${
    imageInvalid ? ' aria-invalid="true" aria-describedby="message-error"' : ""
  } /></div>
<button class="button button--primary" type="submit">Send your answer</button>
</form></section>`;
}

export function requestStatusHtml(
  request: Consultation,
  now: Date,
  /** How to show a column that names something on the site (a flash design), by column. */
  references: Readonly<Record<string, string>> = {},
  conversation: ConversationView | null = null,
  /** The sections of the request's later stages (quote, deposit, booking...), already rendered. */
  journey: readonly string[] = [],
  /** The latest quote's and booking's status, which move the stage on past the inbox status. */
  progress: RequestJourney = { quote: null, booking: null },
): string {
  const stage = stageOf(request.status, progress);
  return `<div class="page page--request-status">
<header class="page-hero"><p class="eyebrow">Private page</p><h1>Your consultation request</h1><div class="page-hero__lede"><p>Hi ${escapeHtml(
    request.name,
  )}, this page shows where your request stands. It is private: anyone with its link can see it, so keep the link to yourself.</p></div></header>
<div class="request-status">
<section class="request-status__card" aria-labelledby="request-stage-title"><h2 id="request-stage-title">Where it stands: ${escapeHtml(
    stageLabels[stage],
  )}</h2>${stepsHtml(stage)}${dueHtml(request, now, stage)}<h3>What happens next</h3><p>${escapeHtml(stageNext[stage])}</p></section>
${journey.join("\n")}
${conversation ? conversationHtml(conversation) : ""}
<section class="request-status__card" aria-labelledby="request-sent-title"><h2 id="request-sent-title">What you sent</h2>${sentHtml(request, references)}</section>
<p class="request-status__contact">Something urgent? Call <a href="${telHref}">${escapeHtml(
    studio.phone.display,
  )}</a> or e-mail <a href="${mailtoHref}">${escapeHtml(studio.email)}</a>.</p>
</div></div>`;
}

/** The answer to an address that tried too many wrong links: the same for every link. */
export const tooManyTriesHtml = `<div class="page page--not-found"><header class="page-hero"><p class="eyebrow">Please wait</p><h1>Too many tries</h1><div class="page-hero__lede"><p>This connection opened too many links that do not work. Please wait a few minutes and try again, or call the studio at <a href="${telHref}">${escapeHtml(
  studio.phone.display,
)}</a>.</p></div></header></div>`;
