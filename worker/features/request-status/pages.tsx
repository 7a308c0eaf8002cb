/** @jsxImportSource hono/jsx */

import type { Facts } from "../../../shared/content-facts";
import { maxReferenceImageMegabytes } from "../../../shared/reference-images";
import {
  type LifecycleSettings,
  type LifecycleState,
  type RequestFacts,
  stateOf,
  stateViews,
} from "../../../shared/request-lifecycle";
import { type RequestStage, replyDueAt, shownStages, stageLabels } from "../../../shared/request-stages";
import { maxMessageChars } from "../../../shared/schemas/messages";
import { consultationKind } from "../../../shared/submission-kinds";
import { studioTime } from "../../platform/studio-clock";
import type { ConversationMessage } from "../conversation/service";
import type { SubmissionRow } from "../requests/lookup";
import type { Section } from "./journey";

/**
 * The private status page of a consultation request, and the answers to a wrong or refused
 * link: the main content of a private page (worker/features/request-status/private-page.tsx draws the site's
 * header and footer around it). Plain server-rendered HTML: complete without JavaScript, and
 * nothing on it is interactive.
 */

type Consultation = SubmissionRow<"consultation">;

function Steps({ current }: { current: RequestStage }) {
  // A declined request went no further than it had: the list ends with where it stopped.
  const steps: RequestStage[] =
    current === "declined" ? ["received", "declined"] : shownStages.filter((stage) => stage !== "declined");
  const at = steps.indexOf(current);
  return (
    <ol class="request-steps">
      {steps.map((stage, i) => {
        const state = i < at ? "done" : i === at ? "current" : "todo";
        const mark = state === "done" ? "✓" : state === "current" ? "●" : "";
        const note = state === "done" ? " (done)" : state === "current" ? " (where it is now)" : " (not yet)";
        return (
          <li
            class={`request-steps__step request-steps__step--${state}`}
            aria-current={state === "current" ? "step" : undefined}
          >
            <span class="request-steps__mark" aria-hidden="true">
              {mark}
            </span>
            <span class="request-steps__label">
              {stageLabels[stage]}
              <span class="visually-hidden">{note}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Due({
  request,
  now,
  state,
  facts,
}: {
  request: Consultation;
  now: Date;
  state: LifecycleState;
  facts: Facts;
}) {
  const { studio, telHref } = facts;
  const due = replyDueAt(request.createdAt);
  const when = <time datetime={due}>{studioTime(due)}</time>;
  // The promise is of a first reply: once the artist has answered (a quote is an answer too), it
  // is kept and the page no longer speaks of it.
  if (!stateViews[state].awaitsReply) return null;
  if (Date.parse(due) > now.getTime()) {
    return (
      <p class="request-status__due">
        <strong>Reply due by {when}</strong>, within {studio.claims.replyWithin} of your request.
      </p>
    );
  }
  return (
    <p class="request-status__due request-status__due--late">
      <strong>Our reply is late.</strong> It was due by {when}. We are sorry for the wait: the artist will be
      in touch as soon as she can, or call the studio at <a href={telHref}>{studio.phone.display}</a>.
    </p>
  );
}

/** What the client sent, every field as text. */
/** An image the client sent, as the page shows it: a thumbnail that opens the full copy. */
interface SentImage {
  id: string;
  width: number;
  height: number;
}

/** A thumbnail 160 px wide at most, its height kept to the image's shape so nothing moves as it loads. */
function Thumbnail({ token, image, alt }: { token: string; image: SentImage; alt: string }) {
  const width = Math.min(160, image.width);
  return (
    <a class="thread__image" href={`/requests/${token}/images/${image.id}/full`}>
      <img
        src={`/requests/${token}/images/${image.id}/thumb`}
        width={width}
        height={Math.round((width * image.height) / Math.max(1, image.width))}
        alt={alt}
        loading="lazy"
      />
    </a>
  );
}

function Sent({
  request,
  references,
  images,
  token,
}: {
  request: Consultation;
  references: Readonly<Record<string, string>>;
  images: readonly SentImage[];
  token: string;
}) {
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
  return (
    <dl class="request-sent-fields">
      {given.map(([label, value]) => (
        <div>
          <dt>{label}</dt>
          <dd>{shown(value)}</dd>
        </div>
      ))}
      {images.length > 0 && (
        <div>
          <dt>{images.length === 1 ? "Your image" : `Your ${images.length} images`}</dt>
          <dd class="thread__images">
            {images.map((image, index) => (
              <Thumbnail
                token={token}
                image={image}
                alt={`Image ${index + 1} you sent with your request (opens full size)`}
              />
            ))}
          </dd>
        </div>
      )}
    </dl>
  );
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

function Message({ message, token }: { message: ConversationMessage; token: string }) {
  const who = message.author === "artist" ? "The artist" : "You";
  return (
    <li class={`thread__message thread__message--${message.author}`}>
      <p class="thread__meta">
        <strong>{who}</strong> · <time datetime={message.createdAt}>{studioTime(message.createdAt)}</time>
      </p>
      {/* Text only, its line breaks kept by the stylesheet, never read as markup. */}
      <div class="thread__body">{message.body}</div>
      {message.images.length > 0 && (
        <div class="thread__images">
          {message.images.map((image) => (
            <Thumbnail token={token} image={image} alt="What you sent (opens full size)" />
          ))}
        </div>
      )}
    </li>
  );
}

function Conversation({ view }: { view: ConversationView }) {
  const error = view.error;
  const described = { "aria-invalid": "true", "aria-describedby": "message-error" };
  return (
    <section class="request-status__card" aria-labelledby="request-thread-title">
      <h2 id="request-thread-title">Messages</h2>
      {view.messages.length ? (
        <ol class="thread">
          {view.messages.map((message) => (
            <Message message={message} token={view.token} />
          ))}
        </ol>
      ) : (
        <p>
          No messages yet. When the artist writes to you about your request, it appears here and we e-mail
          you.
        </p>
      )}
      {view.sent ? (
        <p
          class="request-status__banner request-status__banner--success"
          id={messageSentAnchor}
          role="status"
          tabindex={-1}
        >
          Your answer was sent. The artist has been told and will reply here.
        </p>
      ) : (
        error && (
          <p
            class="request-status__banner request-status__banner--error"
            id="message-error"
            role="alert"
            tabindex={-1}
          >
            {error.message}
          </p>
        )
      )}
      <form
        class="thread-form"
        method="post"
        action={`/requests/${view.token}/messages`}
        enctype="multipart/form-data"
      >
        <div class="thread-form__field">
          <label for="message-body">Your answer</label>
          <textarea
            id="message-body"
            name="body"
            rows={5}
            maxlength={maxMessageChars}
            required
            {...(error?.field === "body" ? described : {})}
          >
            {view.draft ?? ""}
          </textarea>
        </div>
        <div class="thread-form__field">
          <label for="message-image">
            Add an image{" "}
            <span class="thread-form__optional">
              (optional: JPEG, PNG or WebP, up to {maxReferenceImageMegabytes} MB)
            </span>
          </label>
          <input
            id="message-image"
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            {...(error?.field === "image" ? described : {})}
          />
        </div>
        <button class="button button--primary" type="submit">
          Send your answer
        </button>
      </form>
    </section>
  );
}

/** The hero of a private page: what it is and, in `children`, a line about it. */
export function PrivateHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: Section | Section[];
}) {
  return (
    <header class="page-hero">
      <p class="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      <div class="page-hero__lede">{children}</div>
    </header>
  );
}

export function RequestStatus({
  request,
  now,
  references = {},
  images = [],
  conversation = null,
  journey = [],
  progress = { quote: null, deposit: null, booking: null },
  settings = { onlinePayments: false },
  facts,
}: {
  request: Consultation;
  now: Date;
  /** The studio's published facts: its phone, e-mail and reply promise. */
  facts: Facts;
  /** How to show a column that names something on the site (a flash design), by column. */
  references?: Readonly<Record<string, string>>;
  /** The images sent with the request, shown under what was sent. */
  images?: readonly SentImage[];
  conversation?: ConversationView | null;
  /** The sections of the request's later stages (quote, deposit, booking...). */
  journey?: readonly Section[];
  /** The latest quote's, deposit's and session's status, which move the request past the inbox status. */
  progress?: Omit<RequestFacts, "status">;
  /** How the studio takes deposits, which "what happens next" names. */
  settings?: LifecycleSettings;
}) {
  const state = stateOf({ status: request.status, ...progress });
  const { stage } = stateViews[state];
  const { studio, telHref, mailtoHref } = facts;
  return (
    <div class="page page--request-status">
      <PrivateHero eyebrow="Private page" title="Your consultation request">
        <p>
          Hi {request.name}, this page shows where your request stands. It is private: anyone with its link
          can see it, so keep the link to yourself.
        </p>
      </PrivateHero>
      <div class="request-status">
        <section class="request-status__card" aria-labelledby="request-stage-title">
          <h2 id="request-stage-title">Where it stands: {stageLabels[stage]}</h2>
          <Steps current={stage} />
          <Due request={request} now={now} state={state} facts={facts} />
          <h3>What happens next</h3>
          <p>{stateViews[state].next(settings)}</p>
        </section>
        {journey}
        {conversation && <Conversation view={conversation} />}
        <section class="request-status__card" aria-labelledby="request-sent-title">
          <h2 id="request-sent-title">What you sent</h2>
          <Sent request={request} references={references} images={images} token={conversation?.token ?? ""} />
        </section>
        <p class="request-status__contact">
          Something urgent? Call <a href={telHref}>{studio.phone.display}</a> or e-mail{" "}
          <a href={mailtoHref}>{studio.email}</a>.
        </p>
      </div>
    </div>
  );
}

/** The answer to an address that tried too many wrong links: the same for every link. */
export function TooManyTries({ facts: { studio, telHref } }: { facts: Facts }) {
  return (
    <div class="page page--not-found">
      <PrivateHero eyebrow="Please wait" title="Too many tries">
        <p>
          This connection opened too many links that do not work. Please wait a few minutes and try again, or
          call the studio at <a href={telHref}>{studio.phone.display}</a>.
        </p>
      </PrivateHero>
    </div>
  );
}

/** What a refused form post of a private page says, by the kind of refusal. */
const formRefusals: Record<string, { eyebrow: string; title: string }> = {
  "400": { eyebrow: "Not sent", title: "That form could not be read" },
  "403": { eyebrow: "Not sent", title: "That form must be sent from its own page" },
  "413": { eyebrow: "Not sent", title: "That was too large to send" },
  "429": { eyebrow: "Please wait", title: "Too many tries" },
};

/**
 * A form of the status page refused before its handler could answer with the page itself (a
 * body too large, a post from another site, input no form of the page would send) or failed on
 * our side: said in words, with the way back, never as the API's JSON.
 */
export function FormNotSent({
  status,
  message,
  back,
  facts: { studio, telHref },
}: {
  status: number;
  message: string;
  back: string | null;
  facts: Facts;
}) {
  const refusal = formRefusals[String(status)] ?? { eyebrow: "Not sent", title: "Something went wrong" };
  return (
    <div class="page page--not-found">
      <PrivateHero eyebrow={refusal.eyebrow} title={refusal.title}>
        <p>{message}</p>
        <p>
          {back ? (
            <>
              <a href={back}>Back to your request</a>, or call the studio at{" "}
            </>
          ) : (
            "Please try again, or call the studio at "
          )}
          <a href={telHref}>{studio.phone.display}</a>.
        </p>
      </PrivateHero>
    </div>
  );
}
