import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { ContentSectionName } from "../../../shared/schemas/content";
import { ApiFailure } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { type SectionDraft, saveSection } from "./api";
import { errorsBySection, type Path, setAt } from "./paths";
import { SectionContext } from "./section-context";

interface SectionEditorProps {
  section: ContentSectionName;
  title: string;
  draft: SectionDraft;
  /** Messages a publish left on this section's fields. */
  publishErrors: Record<string, string>;
  /** Edits this tab made earlier and has not saved (kept while she looks at another section). */
  unsaved: unknown;
  onUnsaved: (data: unknown) => void;
  onSaved: (draft: SectionDraft) => void;
  children: ReactNode;
}

/**
 * One section's form: edits stay in this tab until "Save draft"; the server's field messages
 * appear at their fields, with focus on the first; a save another tab beat is refused and the
 * edit stays on screen, so nothing typed is lost.
 */
export function SectionEditor({
  section,
  title,
  draft,
  publishErrors,
  unsaved,
  onUnsaved,
  onSaved,
  children,
}: SectionEditorProps) {
  const [data, setData] = useState<unknown>(unsaved === undefined ? draft.data : unsaved);
  const [errors, setErrors] = useState<Record<string, string>>(publishErrors);
  const [status, setStatus] = useState<{ kind: "saved" | "error" | "conflict"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(unsaved !== undefined);
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const [focusTick, setFocusTick] = useState(0);

  useEffect(() => {
    if (!focusTick) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? summary.current)?.focus();
  }, [focusTick]);

  useEffect(() => {
    if (dirty) onUnsaved(data);
  }, [data, dirty, onUnsaved]);

  // A refused publish names fields of this section: show them where they are, focus the first.
  useEffect(() => {
    if (Object.keys(publishErrors).length === 0) return;
    setErrors(publishErrors);
    setFocusTick((n) => n + 1);
  }, [publishErrors]);

  const set = (path: Path, value: unknown) => {
    setData((current: unknown) => setAt(current, path, value));
    setDirty(true);
  };

  const update = (change: (current: unknown) => unknown) => {
    setData(change);
    setDirty(true);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    try {
      const saved = await saveSection(section, data, draft.revision);
      setErrors({});
      setDirty(false);
      setStatus({
        kind: "saved",
        text: `Draft saved at ${formatDateTime(saved.updatedAt)}. Publish to show it on the site.`,
      });
      onSaved({
        ...draft,
        data,
        updatedAt: saved.updatedAt,
        revision: saved.revision,
      });
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.status === 409) {
        setStatus({
          kind: "conflict",
          text: `This section was changed in another tab or by another device (last saved ${formatDateTime(draft.updatedAt)} as far as this tab knows). Your edit is still here: copy what you need, then reload to see the newer version.`,
        });
        setFocusTick((n) => n + 1);
      } else if (failure instanceof ApiFailure && failure.code === "validation") {
        setErrors(errorsBySection(failure.fields, section)[section] ?? {});
        setStatus({ kind: "error", text: "Some fields need attention; each says why." });
        setFocusTick((n) => n + 1);
      } else {
        setStatus({
          kind: "error",
          text: failure instanceof Error ? failure.message : "The draft was not saved.",
        });
        setFocusTick((n) => n + 1);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <SectionContext.Provider value={{ section, data, set, update, errors }}>
      <form
        ref={form}
        className="studio-section"
        onSubmit={save}
        noValidate
        aria-labelledby={`studio-${section}-title`}
      >
        <div className="studio-section__head">
          <h2 id={`studio-${section}-title`}>{title}</h2>
          <p className="admin-muted">
            Draft last saved {formatDateTime(draft.updatedAt)}
            {dirty ? " · unsaved changes in this tab" : ""}
          </p>
        </div>
        {status ? (
          <p
            ref={summary}
            tabIndex={-1}
            className={status.kind === "saved" ? "studio-note" : "admin-alert"}
            role={status.kind === "saved" ? "status" : "alert"}
          >
            {status.text}
          </p>
        ) : null}
        {errors._form ? <p className="admin-alert">{errors._form}</p> : null}
        {children}
        <div className="studio-savebar">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? "Saving…" : "Save draft"}
          </button>
        </div>
      </form>
    </SectionContext.Provider>
  );
}
