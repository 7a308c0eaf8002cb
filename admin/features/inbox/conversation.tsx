import { type FormEvent, useEffect, useId, useState } from "react";
import { maxMessageChars, unfilledPlaceholders } from "../../../shared/schemas/messages";
import { ActionButton } from "../../components/action-button";
import { ActionOutcome } from "../../components/alert";
import { formatDateTime } from "../../lib/format";
import { useAction } from "../../lib/use-action";
import {
  type ConversationMessage,
  deleteTemplate,
  listTemplates,
  loadConversation,
  markConversationRead,
  type ReplyTemplate,
  saveTemplate,
  sendMessage,
} from "./api";
import { QUOTE_SENT_EVENT } from "./quote-panel";

/**
 * The conversation on a consultation request, as its card shows it: every message, oldest
 * first, as plain text (never markup), the client's images as thumbnails that open full size,
 * and the reply box with the artist's templates. Opening the card marks the client's answers read.
 */
export function Conversation({ id, refresh = 0, onRead }: { id: string; refresh?: number; onRead(): void }) {
  const boxId = useId();
  const pickId = useId();
  const blanksId = useId();
  const [messages, setMessages] = useState<ConversationMessage[] | null>(null);
  const [templates, setTemplates] = useState<{ id: string; title: string; body: string }[]>([]);
  const [text, setText] = useState("");
  // A template's blanks ("[hours]", "$[price]") still in the reply: it cannot be sent yet.
  const blanks = unfilledPlaceholders(text);
  const { busy, error, notice, setError, setNotice, run, failedTo } = useAction();
  const [editing, setEditing] = useState(false);

  async function load() {
    const thread = await loadConversation(id);
    setMessages(thread.messages);
    setTemplates(thread.templates);
    return thread;
  }

  useEffect(() => {
    load()
      .then(async (thread) => {
        if (thread.messages.some((message) => message.author === "client" && !message.readAt)) {
          await markConversationRead(id);
          onRead();
        }
      })
      .catch(failedTo("load the messages"));
  }, [id, refresh]);

  // A quote sent from the card is posted in the thread: show it without reopening the card.
  useEffect(() => {
    const reload = (event: Event) => {
      if ((event as CustomEvent<string>).detail === id) load().catch(() => {});
    };
    window.addEventListener(QUOTE_SENT_EVENT, reload);
    return () => window.removeEventListener(QUOTE_SENT_EVENT, reload);
  }, [id]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) {
      setError("Write a message first.");
      return;
    }
    if (blanks.length) {
      // The same words the server would answer with; the first blank is selected to type over.
      setError(`Fill in ${blanks.join(", ")} before sending`);
      const box = document.getElementById(boxId) as HTMLTextAreaElement | null;
      const at = blanks[0] ? text.indexOf(blanks[0]) : -1;
      if (box && at >= 0) {
        box.focus();
        box.setSelectionRange(at, at + (blanks[0]?.length ?? 0));
      }
      return;
    }
    await run(async () => {
      const message = await sendMessage(id, text);
      setMessages((list) => [...(list ?? []), message]);
      setText("");
      setNotice("Message sent. The client is e-mailed a short excerpt and the link to their page.");
    }, "Could not send");
  }

  return (
    <section className="admin-thread" aria-label="Messages with the client">
      <h3>Messages</h3>
      {messages === null ? (
        <p className="admin-muted">Loading messages…</p>
      ) : messages.length === 0 ? (
        <p className="admin-muted">
          No messages yet. Write to the client below; they answer on their status page.
        </p>
      ) : (
        <ol className="admin-thread__list">
          {messages.map((message) => (
            <li key={message.id} className={`admin-thread__message admin-thread__message--${message.author}`}>
              <p className="admin-thread__meta">
                <strong>{message.author === "artist" ? "You" : "Client"}</strong> ·{" "}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                {message.author === "client" && !message.readAt ? (
                  <strong className="admin-badge admin-badge--new"> New</strong>
                ) : null}
                {message.author === "artist" && message.readAt ? (
                  <span className="admin-muted"> · seen</span>
                ) : null}
              </p>
              <p className="admin-thread__body">{message.body}</p>
              {message.images.length ? (
                <div className="admin-thread__images">
                  {message.images.map((image) => (
                    <a
                      key={image.id}
                      href={`/api/admin/reference-images/${image.id}/full`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      <img
                        src={`/api/admin/reference-images/${image.id}/thumb`}
                        alt="Sent by the client (opens full size)"
                        width={120}
                        height={Math.round((120 * image.height) / Math.max(1, image.width))}
                      />
                    </a>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <form className="admin-thread__reply" onSubmit={submit}>
        {templates.length ? (
          <div className="admin-thread__templates">
            <label htmlFor={pickId}>Start from a template</label>
            <select
              id={pickId}
              className="form-control"
              value=""
              onChange={(event) => {
                const picked = templates.find((template) => template.id === event.target.value);
                if (picked) setText(picked.body);
              }}
            >
              <option value="">Choose a template…</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.title}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <label htmlFor={boxId}>Reply to the client</label>
        <textarea
          id={boxId}
          className="form-control"
          rows={6}
          maxLength={maxMessageChars}
          value={text}
          aria-describedby={blanks.length ? blanksId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {blanks.length ? (
          <p id={blanksId} className="admin-thread__blanks">
            Still to fill in: {blanks.join(", ")}
          </p>
        ) : null}
        <div className="admin-thread__actions">
          <button type="submit" className="button button--primary button--small" disabled={busy}>
            {busy ? "Sending…" : "Send message"}
          </button>
          <ActionButton look="ghost" small onClick={() => setEditing(!editing)} aria-expanded={editing}>
            {editing ? "Close templates" : "Edit templates"}
          </ActionButton>
        </div>
        <ActionOutcome error={error} notice={notice} noticeClass="admin-thread__notice" />
      </form>
      {editing ? <TemplateEditor onChanged={() => load().catch(() => {})} /> : null}
    </section>
  );
}

/** The artist's templates: change, add, remove. `{firstName}` is filled in with the client's first name. */
function TemplateEditor({ onChanged }: { onChanged(): void }) {
  const [templates, setTemplates] = useState<
    (ReplyTemplate | { id?: undefined; title: string; body: string })[] | null
  >(null);
  const { busy, error, notice, setNotice, run, failedTo } = useAction();

  useEffect(() => {
    listTemplates().then(setTemplates).catch(failedTo("load the templates"));
  }, []);

  async function save(index: number) {
    const template = templates?.[index];
    if (!template) return;
    await run(async () => {
      const saved = await saveTemplate(template);
      setTemplates((list) => (list ?? []).map((item, i) => (i === index ? saved : item)));
      setNotice(`Template "${saved.title}" saved.`);
      onChanged();
    }, "Could not save the template");
  }

  async function remove(index: number) {
    const template = templates?.[index];
    if (!template) return;
    const { id } = template;
    if (id && !window.confirm(`Delete the template "${template.title}"?`)) return;
    await run(async () => {
      if (id) {
        await deleteTemplate(id);
        onChanged();
      }
      setTemplates((list) => (list ?? []).filter((_, i) => i !== index));
    }, "Could not delete the template");
  }

  const edit = (index: number, change: { title?: string; body?: string }) =>
    setTemplates((list) => (list ?? []).map((item, i) => (i === index ? { ...item, ...change } : item)));

  return (
    <div className="admin-templates">
      <h4>Reply templates</h4>
      <p className="admin-muted">Write {"{firstName}"} where the client's first name goes.</p>
      {templates?.map((template, index) => (
        <fieldset key={template.id ?? `new-${index}`} className="admin-templates__item">
          <legend className="visually-hidden">Template {index + 1}</legend>
          <label>
            Title
            <input
              className="form-control"
              value={template.title}
              maxLength={80}
              onChange={(event) => edit(index, { title: event.target.value })}
            />
          </label>
          <label>
            Text
            <textarea
              className="form-control"
              rows={5}
              value={template.body}
              maxLength={maxMessageChars}
              onChange={(event) => edit(index, { body: event.target.value })}
            />
          </label>
          <div className="admin-thread__actions">
            <ActionButton look="primary" small disabled={busy} onClick={() => save(index)}>
              Save template
            </ActionButton>
            <ActionButton look="ghost" small disabled={busy} onClick={() => remove(index)}>
              Delete
            </ActionButton>
          </div>
        </fieldset>
      ))}
      <ActionButton
        look="ghost"
        small
        onClick={() => setTemplates((list) => [...(list ?? []), { title: "", body: "" }])}
      >
        Add a template
      </ActionButton>
      <ActionOutcome error={error} notice={notice} noticeClass="admin-thread__notice" />
    </div>
  );
}
