import { type FormEvent, Fragment, useEffect, useId, useRef, useState } from "react";
import { stateOf, stateViews } from "../../../shared/request-lifecycle";
import { replyDue } from "../../../shared/request-stages";
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import { ActionOutcome } from "../../components/alert";
import { formatDateTime } from "../../lib/format";
import { SessionOnCard, TextsOnCard } from "../schedule";
import { AftercarePanel } from "./aftercare-panel";
import type { InboxItem, ItemChange } from "./api";
import { ClientHistory } from "./client-history";
import { ContactActions } from "./contact-actions";
import { Conversation } from "./conversation";
import { type DesignReference, FlashDesign } from "./flash-design";
import { Highlighted } from "./highlighted";
import { fieldsOf, statusLabel, summaryOf } from "./kinds";
import { useLiveRefresh } from "./live-refresh";
import { useNoteDraft } from "./note-drafts";
import { QuotePanel } from "./quote-panel";
import { ReferenceImages } from "./reference-images";
import { ReleaseFormStatus } from "./release-form";
import { StatusLink } from "./status-link";

/**
 * One request or message: a summary line that opens its fields, the ways to reach the person,
 * status buttons and notes. A change shows at once and stays where it is; if the server refuses
 * it, the card goes back to what was saved and says why.
 */
export function InboxCard({
  kind,
  item,
  expanded,
  onToggle,
  onChange,
  onRead,
  onStale,
}: {
  kind: AnySubmissionKind;
  item: InboxItem;
  expanded: boolean;
  onToggle(): void;
  onChange(item: InboxItem, change: ItemChange): Promise<void>;
  onRead?(): void;
  /** The request changed on the client's side while its card was open: the list reads it again. */
  onStale?(): void;
}) {
  const panelId = useId();
  const notesId = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ref = useRef<HTMLLIElement>(null);
  // The client's answers the artist has not opened; opening the card reads them.
  const [unread, setUnread] = useState(kind.name === "consultation" ? (item.unreadReplies ?? 0) : 0);
  const summary = summaryOf(kind, item);
  // The studio promises clients a first reply within a day; only consultation requests carry it.
  const due = kind.name === "consultation" ? replyDue(item, new Date()) : null;
  // A consultation request's badge is its lifecycle state, read as the client's page reads it:
  // the status the artist sets, moved on by the quote, deposit and session.
  const state =
    kind.name === "consultation"
      ? stateOf({ status: item.status, ...(item.journey ?? { quote: null, deposit: null, booking: null }) })
      : null;
  // While open, the card follows what the client does on their page, without a reload.
  const refresh = useLiveRefresh(item.id, expanded && kind.name === "consultation", onStale);

  // A card opened by the address (a reload, a shared link) is brought into view once, on
  // arrival only: later changes must not move the page under the artist.
  useEffect(() => {
    if (expanded) ref.current?.scrollIntoView({ block: "nearest" });
  }, []);

  async function save(change: ItemChange, done: string) {
    setSaving(true);
    setError(null);
    setNotice(null);
    try {
      await onChange(item, change);
      setNotice(done);
      return true;
    } catch (failure) {
      // Never swallowed: the artist must see that the change did not stick.
      setError(`Could not save: ${failure instanceof Error ? failure.message : "unknown error"}`);
      return false;
    } finally {
      setSaving(false);
    }
  }

  return (
    <li className={`admin-card${unread ? " admin-card--unread" : ""}`} data-status={item.status} ref={ref}>
      <h2 className="admin-card__title">
        <button
          type="button"
          className="admin-card__toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="admin-card__name">
            <Highlighted item={item} field="name" text={item.name} />
          </span>
          {state ? (
            <span className={`admin-status admin-lifecycle--${state}`}>{stateViews[state].badge}</span>
          ) : (
            <span className={`admin-status admin-status--${item.status}`}>{statusLabel(item.status)}</span>
          )}
          <span className="admin-card__meta">
            {formatDateTime(item.createdAt)}
            {item.referenceImages.length
              ? ` · ${item.referenceImages.length} image${item.referenceImages.length === 1 ? "" : "s"}`
              : ""}
            {unread ? (
              <>
                {" · "}
                <strong className="admin-badge admin-badge--new">
                  {unread === 1 ? "New reply" : `${unread} new replies`}
                </strong>
              </>
            ) : null}
            {due ? (
              <>
                {" · "}
                <strong className={`admin-due admin-due--${due}`}>
                  {due === "overdue" ? "Reply overdue" : "Reply due soon"}
                </strong>
              </>
            ) : null}
          </span>
          <span className="admin-card__summary">
            <Highlighted item={item} field={kind.summaryColumn} text={summary} excerpt />
          </span>
        </button>
      </h2>
      {expanded ? (
        <div id={panelId} className="admin-card__body">
          <ContactActions kind={kind} item={item} />
          {kind.name === "consultation" ? (
            <StatusLink key={`link-${item.id}`} id={item.id} state={item.statusLink ?? "none"} />
          ) : null}
          {kind.name === "consultation" ? (
            <ReleaseFormStatus key={`release-${item.id}`} id={item.id} refresh={refresh} />
          ) : null}
          <dl className="admin-fields">
            {fieldsOf(kind, item).map(([name, value, column]) => {
              const design = column ? designOf(kind, item, column) : null;
              return (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>
                    {design ? (
                      <FlashDesign reference={design} />
                    ) : column ? (
                      <Highlighted item={item} field={column} text={value} />
                    ) : (
                      value
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
          <ReferenceImages item={item} />
          <fieldset className="admin-status-buttons" disabled={saving}>
            <legend>Status</legend>
            {kind.statuses.map((status) => (
              <button
                key={status}
                type="button"
                // The request's status is the one filled in gold; the others are the ways to move it.
                className={`button button--small ${status === item.status ? "button--primary" : "button--ghost"}`}
                disabled={status === item.status}
                aria-pressed={status === item.status}
                onClick={() => save({ status }, `Marked as ${statusLabel(status)}.`)}
              >
                {statusLabel(status)}
              </button>
            ))}
          </fieldset>
          <NotesForm
            key={`notes-${item.id}`}
            id={notesId}
            item={item}
            saving={saving}
            onSave={(adminNotes) => save({ adminNotes }, adminNotes ? "Note saved." : "Note cleared.")}
          />
          <ActionOutcome error={error} notice={notice} noticeClass="admin-card__notice" />
          {/* A consultation's panels, each read afresh (remounted) when the card shows another request. */}
          {kind.name === "consultation" ? (
            <Fragment key={item.id}>
              <ClientHistory id={item.id} />
              <QuotePanel id={item.id} refresh={refresh} />
              <SessionOnCard id={item.id} refresh={refresh} />
              <TextsOnCard id={item.id} refresh={refresh} />
              <AftercarePanel id={item.id} refresh={refresh} />
              <Conversation
                id={item.id}
                refresh={refresh}
                onRead={() => {
                  setUnread(0);
                  onRead?.();
                }}
              />
            </Fragment>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The flash design a column names, when the descriptor says it names one and the row has one. */
function designOf(kind: AnySubmissionKind, item: InboxItem, column: string): DesignReference | null {
  if (kind.fields.find((field) => field.column === column)?.refersTo !== "flash") return null;
  const references = (item as { references?: Record<string, DesignReference> }).references;
  return references?.[column] ?? null;
}

/** The notes box: what is typed is kept as a draft until saved. */
function NotesForm({
  id,
  item,
  saving,
  onSave,
}: {
  id: string;
  item: InboxItem;
  saving: boolean;
  onSave(notes: string | null): Promise<boolean>;
}) {
  const draft = useNoteDraft(item.id, item.adminNotes ?? "");
  const hintId = `${id}-hint`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const notes = draft.text.trim() ? draft.text : null;
    if (await onSave(notes)) draft.settle(notes ?? "");
  }

  return (
    <form className="admin-notes" onSubmit={submit}>
      <label htmlFor={id}>Admin notes</label>
      <textarea
        className="form-control"
        id={id}
        name="notes"
        rows={3}
        value={draft.text}
        onChange={(event) => draft.edit(event.target.value)}
        maxLength={5000}
        aria-describedby={draft.unsaved ? hintId : undefined}
      />
      {draft.unsaved ? (
        <p id={hintId} className="admin-muted admin-notes__hint">
          {draft.restored ? "Unsaved note restored from before." : "Not saved yet."}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--small" disabled={saving}>
        {saving ? "Saving…" : "Save notes"}
      </button>
    </form>
  );
}
