import { useEffect, useState } from "react";
import { formatDateTime } from "../../lib/format";
import { listVersions, restoreVersion } from "./api";

interface Version {
  version: number;
  publishedAt: string;
  publishedBy: string | null;
  note: string | null;
  restoredFrom: number | null;
}

/** Every publish, newest first, each one click (and a confirm) from being live again. */
export function History({ live, onRestored }: { live: number; onRestored: () => void }) {
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    let current = true;
    void listVersions()
      .then((answer) => current && setVersions(answer.items as Version[]))
      .catch((failure: Error) => current && setMessage({ ok: false, text: failure.message }));
    return () => {
      current = false;
    };
  }, [live]);

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
      {versions === null ? <p className="admin-muted">Loading…</p> : null}
      <ol className="studio-versions">
        {versions?.map((v) => (
          <li key={v.version} className="studio-version">
            <span>
              <strong>Version {v.version}</strong> · {formatDateTime(v.publishedAt)}
              {v.publishedBy ? ` · ${v.publishedBy}` : ""}
              {v.note ? <span className="admin-muted"> · {v.note}</span> : null}
            </span>
            {v.version === live ? (
              <span className="studio-flag">live</span>
            ) : (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => restore(v.version)}
              >
                Restore <span className="admin-visually-hidden">version {v.version}</span>
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
