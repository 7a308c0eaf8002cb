import { type FormEvent, useEffect, useRef, useState } from "react";
import { waitlistFieldLabels, waitlistFormPath, waitlistJoinedMessage } from "../../../../shared/waitlist";
import { Link } from "../../../components/link";
import { useFacts } from "../../../content/content-context";
import { api } from "../../../lib/api-client";
import { formTicketPath, Honeypot, RequiredNote, TextInput } from "./waitlist-fields";

export interface WaitlistStyle {
  value: string;
  label: string;
}

type Status =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "joined" }
  | { kind: "error"; message: string; fields: Record<string, string> };

const fieldOrder = ["name", "email", "styles"] as const;

/** Who is asking: the two text fields, in the request form's words and limits. */
const identityFields = [
  { field: "name", autoComplete: "name", maxLength: 100 },
  { field: "email", type: "email", autoComplete: "email", maxLength: 254 },
] as const;

/**
 * The waitlist sign-up on /book-consultation while the books are closed: name, e-mail and the
 * styles the visitor would like, in the request form's place. Without JavaScript it is a plain
 * form posting to the worker (worker/features/waitlist/routes.ts), which answers with this page; with
 * it, the sign-up is sent in the background and the confirmation replaces the form. The worker
 * checks everything, so the browser sends what was typed and shows the worker's messages.
 */
export function WaitlistSignUp({ styles }: { styles: WaitlistStyle[] }) {
  const { studio, telHref } = useFacts();
  const [typed, setTyped] = useState({ name: "", email: "", website: "" });
  const [chosen, setChosen] = useState<string[]>([]);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const formRef = useRef<HTMLFormElement>(null);
  const joinedHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (status.kind === "joined") joinedHeading.current?.focus();
    if (status.kind !== "error") return;
    const first = fieldOrder.find((field) => status.fields[field]);
    const target = first && formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    target?.focus();
  }, [status]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === "sending") return;
    setStatus({ kind: "sending" });
    try {
      const response = await api.waitlist.$post({
        // The fill time counts from the page's start: the form is there from the first paint.
        json: { ...typed, styles: chosen, fillMs: Math.round(performance.now()) },
      });
      if (response.ok) return setStatus({ kind: "joined" });
      const body = (await response.json().catch(() => null)) as {
        error?: { message?: string; fields?: Record<string, string> };
      } | null;
      setStatus({
        kind: "error",
        message: body?.error?.message ?? "Something went wrong on our side. Please try again in a minute.",
        fields: body?.error?.fields ?? {},
      });
    } catch {
      setStatus({
        kind: "error",
        message: "We couldn't reach the studio's site. Check your connection and try again.",
        fields: {},
      });
    }
  }

  if (status.kind === "joined") {
    return (
      <div className="book-layout book-layout--sent">
        <section id="waitlist-joined" className="request-sent" aria-labelledby="waitlist-joined-title">
          <p className="request-sent__mark" aria-hidden="true">
            ✓
          </p>
          <h2 id="waitlist-joined-title" ref={joinedHeading} tabIndex={-1}>
            You're on the waitlist
          </h2>
          <p role="status" className="request-sent__message">
            {waitlistJoinedMessage}
          </p>
          <div className="button-row button-row--center request-sent__links">
            <Link className="button button--primary" to="/flash">
              Browse Flash
            </Link>
            <Link className="button button--ghost" to="/gallery">
              View Portfolio
            </Link>
          </div>
        </section>
      </div>
    );
  }

  const fields = status.kind === "error" ? status.fields : {};
  const text = (field: keyof typeof typed) => ({
    name: field,
    value: typed[field],
    onChange: (value: string) => setTyped((all) => ({ ...all, [field]: value })),
  });
  const toggle = (value: string, on: boolean) =>
    setChosen((list) => (on ? [...list, value] : list.filter((style) => style !== value)));

  return (
    <div className="book-layout">
      <section id="waitlist" className="consultation-request waitlist" aria-labelledby="waitlist-title">
        <div className="consultation-request__bar">
          <h2 id="waitlist-title" className="consultation-request__title">
            Join the waitlist
          </h2>
        </div>
        <form
          ref={formRef}
          className="studio-form"
          method="post"
          action={waitlistFormPath}
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="waitlist-title"
        >
          <RequiredNote>We'll e-mail you once, when the books open.</RequiredNote>
          <div className="studio-form__grid">
            {identityFields.map(({ field, ...props }) => (
              <TextInput
                key={field}
                id={`waitlist-${field}`}
                {...text(field)}
                label={waitlistFieldLabels[field] ?? field}
                error={fields[field]}
                {...props}
              />
            ))}
          </div>
          {styles.length ? (
            <fieldset
              className="waitlist__styles"
              aria-describedby={fields.styles ? "waitlist-style-error" : "waitlist-styles-hint"}
            >
              <legend className="form-field__label">
                {waitlistFieldLabels.styles}
                <span className="form-field__optional"> (optional)</span>
              </legend>
              <p id="waitlist-styles-hint" className="form-field__hint">
                Tick any you'd like: it helps {studio.artist.firstName} plan the flash and the first sessions.
              </p>
              <div className="waitlist__style-list">
                {styles.map((style, index) => (
                  <label
                    key={style.value}
                    className="waitlist__style"
                    htmlFor={`waitlist-style-${style.value}`}
                  >
                    <input
                      id={`waitlist-style-${style.value}`}
                      type="checkbox"
                      name="styles"
                      value={style.value}
                      className="form-check__input"
                      checked={chosen.includes(style.value)}
                      onChange={(e) => toggle(style.value, e.target.checked)}
                      aria-invalid={index === 0 && fields.styles ? true : undefined}
                    />
                    <span>{style.label}</span>
                  </label>
                ))}
              </div>
              {fields.styles ? (
                <p id="waitlist-style-error" className="form-field__error">
                  <span aria-hidden="true">⚠ </span>
                  {fields.styles}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <p className="waitlist__consent">
            We keep your name, e-mail address and styles only to send you that one e-mail, and delete them 30
            days after it (or when you leave the list). See the{" "}
            <Link to="/privacy-policy#waitlist">privacy policy</Link>.
          </p>
          <Honeypot {...text("website")} />
          <noscript>
            <img className="form-ticket" src={formTicketPath} alt="" width={1} height={1} hidden />
          </noscript>
          <div className="studio-form__actions">
            <button
              type="submit"
              className="button button--primary form-submit"
              disabled={status.kind === "sending"}
            >
              {status.kind === "sending" ? "Joining..." : "Join the waitlist"}
            </button>
          </div>
          <div className="form-status-region" role="alert" aria-atomic="true">
            {status.kind === "error" ? (
              <div className="form-banner form-banner--error">
                <p>{status.message}</p>
                <p>
                  You can also call us at <a href={telHref}>{studio.phone.display}</a>.
                </p>
              </div>
            ) : null}
          </div>
        </form>
      </section>
      <aside className="expect-box" aria-labelledby="waitlist-meanwhile">
        <h2 id="waitlist-meanwhile">While the books are closed</h2>
        <ul className="waitlist__meanwhile">
          <li>
            <Link to="/flash">Browse the flash designs</Link>, drawn and ready to tattoo.
          </li>
          <li>
            <Link to="/gallery">See the portfolio</Link> for ideas in each style.
          </li>
          <li>
            Questions about a piece already done? Call or text <a href={telHref}>{studio.phone.display}</a>.
          </li>
        </ul>
      </aside>
    </div>
  );
}
