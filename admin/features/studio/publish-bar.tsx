import { useRef, useState } from "react";
import { ModalDialog } from "../../components/modal-dialog";
import { ApiFailure } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { publish } from "./api";
import { sectionTitles } from "./sections";

interface PublishBarProps {
  version: number;
  publishedAt: string | null;
  unpublished: string[];
  /** Sections with edits in this tab that are not saved as drafts (publishing cannot see them). */
  unsaved: string[];
  /** Saves those edits; resolves with what went wrong, or null when every one was saved. */
  saveUnsaved: () => Promise<string | null>;
  /** Where the section being edited shows on the site, for its preview. */
  previewPath: string;
  onPublished: () => void;
  onFieldErrors: (fields: Record<string, string>) => void;
}

const titleOf = (section: string) => sectionTitles[section as keyof typeof sectionTitles] ?? section;

/** "Hours", "Hours and Prices", "Hours, Prices and FAQ". */
function listed(sections: string[]): string {
  const titles = sections.map(titleOf);
  return titles.length < 2 ? (titles[0] ?? "") : `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`;
}

/**
 * What is not live yet, a preview of the drafts, and Publish with an optional note. Publishing
 * sends the saved drafts only, so with edits still unsaved in this tab Publish first asks:
 * save them and publish, publish only what is saved, or go back.
 */
export function PublishBar({
  version,
  publishedAt,
  unpublished,
  unsaved,
  saveUnsaved,
  previewPath,
  onPublished,
  onFieldErrors,
}: PublishBarProps) {
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const publishButton = useRef<HTMLButtonElement>(null);

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

  async function saveThenPublish() {
    setAsking(false);
    setBusy(true);
    setMessage(null);
    const problem = await saveUnsaved();
    setBusy(false);
    if (problem) {
      setMessage({ ok: false, text: `${problem} Nothing was published.` });
      return;
    }
    await send();
  }

  function publishSavedOnly() {
    setAsking(false);
    void send();
  }

  function goBack() {
    setAsking(false);
    publishButton.current?.focus();
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
          ? `Not published yet: ${unpublished.map(titleOf).join(", ")}.`
          : "Everything saved is live."}
        {unsaved.length ? ` Unsaved edits: ${listed(unsaved)}.` : ""}
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
          ref={publishButton}
          type="button"
          className="button button--primary"
          onClick={() => (unsaved.length ? setAsking(true) : void send())}
          disabled={busy || (unpublished.length === 0 && unsaved.length === 0)}
        >
          {busy ? "Publishing…" : "Publish"}
        </button>
      </div>
      {message ? (
        <p className={message.ok ? "studio-note" : "admin-alert"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      ) : null}
      <ModalDialog
        open={asking}
        id="studio-unsaved"
        title="Unsaved edits"
        text={
          <>
            {listed(unsaved)} {unsaved.length === 1 ? "has" : "have"} edits in this tab that are not saved.
            Publishing puts only saved drafts on the site.
          </>
        }
        // Escape is "go back", the same as the button.
        onDismiss={goBack}
      >
        <div className="admin-actions">
          <button type="button" className="button button--primary" onClick={saveThenPublish}>
            Save them, then publish
          </button>
          {unpublished.length ? (
            <button type="button" className="button button--ghost" onClick={publishSavedOnly}>
              Publish only what is saved
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={goBack}>
            Go back
          </button>
        </div>
      </ModalDialog>
    </section>
  );
}
