import { useEffect, useState } from "react";
import { Alert } from "../../components/alert";
import { api, client } from "../../lib/api";
import { formatDateTime } from "../../lib/format";

const admin = client.api.admin;

/**
 * A consultation request's release form, as its card shows it: signed or not yet, and a link
 * that opens the signed form on its own page (decrypted by the server, read-only, printable).
 * Every opening is written to the activity log, so the link says so.
 */
export function ReleaseFormStatus({ id, refresh = 0 }: { id: string; refresh?: number }) {
  const [form, setForm] = useState<{ id: string; signedAt: string } | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api(admin.consultations[":id"]["release-form"].$get({ param: { id } }))
      .then((answer) => setForm(answer.releaseForm))
      .catch((failure) =>
        setError(
          `Could not load the release form: ${failure instanceof Error ? failure.message : "unknown error"}`,
        ),
      );
  }, [id, refresh]);

  if (error) {
    return <Alert>{error}</Alert>;
  }
  // The row is drawn before the answer, its height held, so the status buttons under it do not
  // move while the artist reaches for one.
  if (form === undefined) {
    return (
      <div className="admin-release-form" aria-busy="true">
        <p>
          Release form: <span className="admin-muted">checking…</span>
        </p>
      </div>
    );
  }
  return (
    <div className="admin-release-form">
      <p>
        Release form:{" "}
        {form ? (
          <strong>
            signed <time dateTime={form.signedAt}>{formatDateTime(form.signedAt)}</time>
          </strong>
        ) : (
          <span className="admin-muted">not signed yet</span>
        )}
      </p>
      {form ? (
        <a
          className="button button--ghost button--small"
          href={admin["release-forms"][":id"].$path({ param: { id: form.id } })}
          target="_blank"
          rel="noopener"
          title="Opens the signed form in a new tab; the opening is recorded in the activity log."
        >
          View
          <span className="admin-visually-hidden">
            {" "}
            the signed release form (new tab; recorded in the activity log)
          </span>
        </a>
      ) : null}
    </div>
  );
}

/**
 * The health inspector's one-click export: the procedure records of the last three years (client
 * name, date, procedure, technician) as CSV. A plain link, so the browser downloads it; the
 * export is in the activity log.
 */
export function InspectorExport() {
  return (
    <section className="admin-panel admin-subpanel" aria-labelledby="inspector-title">
      <h2 id="inspector-title">Records for a health inspector</h2>
      <p className="admin-muted">
        Maryland asks the studio to keep each client's name, the date, the procedure and the technician for
        three years. They come from the signed release forms, and each export is recorded in the activity log.
      </p>
      <a className="button button--primary" href={admin["release-forms"]["export.csv"].$path()} download>
        Export procedure records (CSV)
      </a>
    </section>
  );
}
