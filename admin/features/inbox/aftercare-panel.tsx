import type { InferResponseType } from "hono/client";
import { useEffect, useState } from "react";
import { ActionButton } from "../../components/action-button";
import { ActionOutcome, Alert } from "../../components/alert";
import { api, client } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { why } from "../../lib/use-action";

const aftercare = client.api.admin.consultations[":id"].aftercare;
type Aftercare = InferResponseType<typeof aftercare.$get, 200>;

/**
 * A request's aftercare as its card shows it, once a session is done: the day of healing, the
 * client's choices with their times, and "Add to portfolio" on each image the client sent, offered
 * only while the client allows it. A withdrawn permission lists the pieces to take down.
 */
export function AftercarePanel({ id, refresh = 0 }: { id: string; refresh?: number }) {
  const [data, setData] = useState<Aftercare | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    api(aftercare.$get({ param: { id } }))
      .then(setData)
      .catch((failure) => setError(`Could not load the aftercare: ${why(failure)}`));
  }, [id, refresh]);

  async function add(imageId: string) {
    setBusy(imageId);
    setError(null);
    setNotice(null);
    try {
      const { piece } = await api(aftercare.portfolio.$post({ param: { id }, json: { imageId } }));
      setNotice(
        `Added to the portfolio as a hidden piece (${piece.id}). Give it a title and alt text, then show and publish it in Studio.`,
      );
      setData((current) =>
        current
          ? {
              ...current,
              portfolio: { ...current.portfolio, pieceIds: [...current.portfolio.pieceIds, piece.id] },
            }
          : current,
      );
    } catch (failure) {
      setError(`Could not add it: ${why(failure)}`);
    } finally {
      setBusy(null);
    }
  }

  if (error && !data) return <Alert>{error}</Alert>;
  if (!data?.completedAt) return null;
  const { portfolio, reminders } = data;
  return (
    <section className="admin-aftercare" aria-label="Aftercare">
      <h3>Aftercare: day {data.day} of healing</h3>
      <ul className="admin-aftercare__facts">
        <li>Session done {formatDateTime(data.completedAt)}</li>
        <li>
          Reminder e-mails:{" "}
          {reminders.since
            ? `on since ${formatDateTime(reminders.since)}`
            : reminders.stoppedAt
              ? `stopped ${formatDateTime(reminders.stoppedAt)}`
              : "not asked for"}
        </li>
        <li>
          Portfolio permission:{" "}
          {portfolio.allowedAt ? (
            <strong>given {formatDateTime(portfolio.allowedAt)}</strong>
          ) : portfolio.withdrawnAt ? (
            `withdrawn ${formatDateTime(portfolio.withdrawnAt)}`
          ) : (
            "not given"
          )}
        </li>
      </ul>
      {!portfolio.allowedAt && portfolio.withdrawnAt && portfolio.pieceIds.length ? (
        <Alert>
          The client withdrew their permission. Take down the pieces made from their photos in Studio:{" "}
          {portfolio.pieceIds.join(", ")}.
        </Alert>
      ) : null}
      {portfolio.allowedAt && data.images.length ? (
        <ul className="admin-aftercare__images">
          {data.images.map((image) => (
            <li key={image.id}>
              <a href={`/api/admin/reference-images/${image.id}/full`} target="_blank" rel="noreferrer">
                <img
                  src={`/api/admin/reference-images/${image.id}/thumb`}
                  alt={`Sent by the client ${formatDateTime(image.sentAt)} (opens full size)`}
                  width={120}
                  height={Math.round((120 * image.height) / Math.max(1, image.width))}
                />
              </a>
              <ActionButton look="primary" small disabled={busy !== null} onClick={() => add(image.id)}>
                {busy === image.id ? "Adding…" : "Add to portfolio"}
              </ActionButton>
            </li>
          ))}
        </ul>
      ) : null}
      <ActionOutcome error={error} notice={notice} noticeClass="admin-card__notice" />
    </section>
  );
}
