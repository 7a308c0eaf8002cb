import { useState } from "react";
import { ActionButton } from "../../components/action-button";
import { Alert } from "../../components/alert";
import { formatDateTime } from "../../lib/format";
import { listVersions, restoreVersion } from "./api";
import { ShowOlder, usePages } from "./show-older";

interface Version {
  version: number;
  publishedAt: string;
  publishedBy: string | null;
  note: string | null;
  restoredFrom: number | null;
  /** What changed from the version before, one line each; null for the first version. */
  changes: string[] | null;
}

const loadVersions = (before?: number) =>
  listVersions(before).then((answer) => ({ ...answer, items: answer.items as Version[] }));

/** How many changes a version shows before "Show all". */
const shortList = 5;

/** A version's changes in words; a long list shows its first few until she asks for the rest. */
function Changes({ version, changes }: { version: number; changes: string[] | null }) {
  const [all, setAll] = useState(false);
  if (changes === null)
    return <p className="studio-changes__none">The first version: the site as it started.</p>;
  if (changes.length === 0)
    return <p className="studio-changes__none">Nothing changed from version {version - 1}.</p>;
  const listId = `studio-changes-${version}`;
  const shown = all ? changes : changes.slice(0, shortList);
  return (
    <>
      <ul className="studio-changes" id={listId} aria-label={`Changes in version ${version}`}>
        {shown.map((change, index) => (
          // The same words can appear twice (two pieces with one title): the position tells them apart.
          <li key={`${index}-${change}`}>{change}</li>
        ))}
      </ul>
      {changes.length > shortList ? (
        <ActionButton
          look="ghost"
          small
          className="studio-changes__more"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
        >
          {all ? "Show fewer" : `Show all ${changes.length} changes`}
        </ActionButton>
      ) : null}
    </>
  );
}

/**
 * Every publish, newest first, with what it changed from the one before in words, each one
 * click (and a confirm) from being live again.
 */
export function History({ live, onRestored }: { live: number; onRestored: () => void }) {
  const { items: versions, failure, more, loading, older } = usePages(loadVersions, live);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function restore(version: number) {
    if (!window.confirm(`Make version ${version} live again? Your drafts are replaced by it.`)) return;
    try {
      const done = await restoreVersion(version, live);
      setMessage({ ok: true, text: `Version ${version} is live again as version ${done.version}.` });
      onRestored();
    } catch (failure) {
      setMessage({ ok: false, text: failure instanceof Error ? failure.message : "Not restored." });
    }
  }

  return (
    <section className="studio-history" aria-labelledby="studio-history-title">
      <h2 id="studio-history-title">History</h2>
      {message ? (
        <p className={message.ok ? "studio-note" : "admin-alert"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      ) : null}
      <Alert>{failure}</Alert>
      {versions === null && !failure ? <p className="admin-muted">Loading…</p> : null}
      <ol className="studio-versions">
        {versions?.map((v) => (
          <li key={v.version} className="studio-version">
            <span className="studio-version__head">
              <strong>Version {v.version}</strong> · {formatDateTime(v.publishedAt)}
              {v.publishedBy ? ` · ${v.publishedBy}` : ""}
              {v.note ? <span className="admin-muted"> · {v.note}</span> : null}
            </span>
            {v.version === live ? (
              <span className="studio-flag">live</span>
            ) : (
              <ActionButton look="ghost" small onClick={() => restore(v.version)}>
                Restore <span className="admin-visually-hidden">version {v.version}</span>
              </ActionButton>
            )}
            <div className="studio-version__changes">
              <Changes version={v.version} changes={v.changes} />
            </div>
          </li>
        ))}
      </ol>
      <ShowOlder more={more} loading={loading} onClick={older} label="Show older versions" />
    </section>
  );
}
