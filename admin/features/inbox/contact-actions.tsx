import { useEffect, useState } from "react";
import { studio } from "../../../shared/studio";
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import type { InboxItem } from "./api";
import { fieldsOf } from "./kinds";

/** A stored phone number as a dialable one: a 10-digit number is a US one. */
function dialable(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, "");
  const bare = digits.replace(/\+/g, "");
  if (bare.length < 7) return null;
  if (digits.startsWith("+")) return `+${bare}`;
  return bare.length === 10 ? `+1${bare}` : bare;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** An e-mail to the person, with the subject and the greeting already written. */
function replyHref(kind: AnySubmissionKind, item: InboxItem): string {
  const subject =
    kind.name === "consultation"
      ? `Your consultation request at ${studio.shortName}`
      : `Your message to ${studio.shortName}`;
  const body = `Hi ${firstName(item.name)},\n\n`;
  return `mailto:${item.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Reply, call, text and copy: each one tap from an opened card. */
export function ContactActions({ kind, item }: { kind: AnySubmissionKind; item: InboxItem }) {
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const phone = "phone" in item && typeof item.phone === "string" ? dialable(item.phone) : null;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 4000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    const text = [`Name: ${item.name}`, ...fieldsOf(kind, item).map(([label, value]) => `${label}: ${value}`)]
      .filter((line) => !line.startsWith("Notification:"))
      .join("\n");
    try {
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }

  const who = firstName(item.name);
  return (
    <fieldset className="admin-contact">
      <legend className="admin-visually-hidden">Contact {item.name}</legend>
      <a className="button button--primary button--small" href={replyHref(kind, item)}>
        Reply by e-mail
      </a>
      {phone ? (
        <>
          <a className="button button--ghost button--small" href={`tel:${phone}`} aria-label={`Call ${who}`}>
            Call
          </a>
          <a className="button button--ghost button--small" href={`sms:${phone}`} aria-label={`Text ${who}`}>
            Text
          </a>
        </>
      ) : null}
      <button type="button" className="button button--ghost button--small" onClick={copy}>
        Copy details
      </button>
      <span className="admin-contact__status" role="status">
        {copied === "copied"
          ? "Copied"
          : copied === "failed"
            ? "Could not copy: select the details instead"
            : ""}
      </span>
    </fieldset>
  );
}
