import { useState } from "react";
import { ApiFailure } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { publish } from "./api";
import { sectionTitles } from "./sections";

interface PublishBarProps {
  version: number;
  publishedAt: string | null;
  unpublished: string[];
  /** Where the section being edited shows on the site, for its preview. */
  previewPath: string;
  onPublished: () => void;
  onFieldErrors: (fields: Record<string, string>) => void;
}

/** What is not live yet, a preview of the drafts, and Publish with an optional note. */
export function PublishBar({
  version,
  publishedAt,
  unpublished,
  previewPath,
  onPublished,
  onFieldErrors,
}: PublishBarProps) {
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function send() {
    setBusy(true);
    setMessage(null);
    try {
      const done = await publish(version, note.trim() || undefined);
      setNote("");
      setMessage({
        ok: true,
        text: `Published version ${done.version} at ${formatDateTime(done.publishedAt)}. The site shows it within seconds.`,
      });
      onPublished();
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.code === "validation") onFieldErrors(failure.fields);
      setMessage({ ok: false, text: failure instanceof Error ? failure.message : "Not published." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="studio-publish" aria-labelledby="studio-publish-title">
      <h2 id="studio-publish-title" className="admin-visually-hidden">
        Publishing
      </h2>
      <p className="studio-publish__state">
        Live: version {version}
        {publishedAt ? `, ${formatDateTime(publishedAt)}` : ""}.{" "}
        {unpublished.length
          ? `Not published yet: ${unpublished.map((s) => sectionTitles[s as keyof typeof sectionTitles] ?? s).join(", ")}.`
          : "Everything saved is live."}
      </p>
      <div className="studio-publish__actions">
        <label className="admin-visually-hidden" htmlFor="studio-publish-note">
          Note for the history (optional)
        </label>
        <input
          id="studio-publish-note"
          className="form-control"
          placeholder="Note for the history (optional)"
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <a
          className="button button--ghost"
          href={`/api/admin/content/preview?path=${encodeURIComponent(previewPath)}`}
          target="_blank"
          rel="noopener"
        >
          Preview <span className="admin-visually-hidden">{previewPath} from the drafts (new tab)</span>
        </a>
        <button
          type="button"
          className="button button--primary"
          onClick={send}
          disabled={busy || unpublished.length === 0}
        >
          {busy ? "Publishing…" : "Publish"}
        </button>
      </div>
      {message ? (
        <p className={message.ok ? "studio-note" : "admin-alert"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
