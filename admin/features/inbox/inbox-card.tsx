import { type FormEvent, useId, useState } from "react";
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import { formatDateTime } from "../../lib/format";
import { type InboxItem, updateItem } from "./api";
import { fieldsOf, statusLabel, summaryOf } from "./kinds";

/** One request or message: a summary line that opens its fields, status buttons and notes. */
export function InboxCard({
  kind,
  item,
  expanded,
  onToggle,
  onSaved,
}: {
  kind: AnySubmissionKind;
  item: InboxItem;
  expanded: boolean;
  onToggle(): void;
  onSaved(): Promise<void>;
}) {
  const panelId = useId();
  const notesId = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(change: { status?: string; adminNotes?: string | null }) {
    setSaving(true);
    setError(null);
    try {
      await updateItem(kind, item.id, change);
      await onSaved();
    } catch (failure) {
      // Never swallowed: the artist must see that the change did not stick.
      setError(`Could not save: ${failure instanceof Error ? failure.message : "unknown error"}`);
    } finally {
      setSaving(false);
    }
  }

  function onNotes(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const notes = String(new FormData(event.currentTarget).get("notes") ?? "");
    void save({ adminNotes: notes.trim() ? notes : null });
  }

  return (
    <li className="admin-card" data-status={item.status}>
      <h2 className="admin-card__title">
        <button
          type="button"
          className="admin-card__toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="admin-card__name">{item.name}</span>
          <span className={`admin-status admin-status--${item.status}`}>{statusLabel(item.status)}</span>
          <span className="admin-card__meta">{formatDateTime(item.createdAt)}</span>
          <span className="admin-card__summary">{summaryOf(kind, item)}</span>
        </button>
      </h2>
      {expanded ? (
        <div id={panelId} className="admin-card__body">
          <dl className="admin-fields">
            {fieldsOf(kind, item).map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <fieldset className="admin-status-buttons" disabled={saving}>
            <legend>Status</legend>
            {kind.statuses.map((status) => (
              <button
                key={status}
                type="button"
                className="button button--primary button--small"
                disabled={status === item.status}
                aria-pressed={status === item.status}
                onClick={() => save({ status })}
              >
                {statusLabel(status)}
              </button>
            ))}
          </fieldset>
          <form className="admin-notes" onSubmit={onNotes}>
            <label htmlFor={notesId}>Admin notes</label>
            <textarea
              className="form-control"
              id={notesId}
              name="notes"
              rows={3}
              defaultValue={item.adminNotes ?? ""}
              maxLength={5000}
            />
            <button type="submit" className="button button--primary button--small" disabled={saving}>
              {saving ? "Saving…" : "Save notes"}
            </button>
          </form>
          {error ? (
            <p className="admin-alert" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
