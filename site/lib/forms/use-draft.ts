import { useCallback, useEffect, useRef, useState } from "react";
import { readJson, removeKey, writeJson } from "../browser-storage";

interface StoredDraft<T> {
  values: T;
  /** When the visitor started this draft (epoch ms): the minimum-fill-time check uses it. */
  startedAt: number;
  /** One key per distinct payload, so a retry of the same text is recognised by the server. */
  idempotency?: { key: string; fingerprint: string };
}

/**
 * The honeypot (the hidden `website` input) is never kept in the draft and is ignored in one
 * that is restored: if a browser's autofill filled it once, a kept value would make the server
 * refuse every later submit from this browser, reloads included.
 */
const honeypotField = "website";

function withoutHoneypot<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([key]) => key !== honeypotField)) as T;
}

// Private mode or a full quota: the form still works, only the draft is not kept.
function writeDraft<T extends object>(key: string, draft: StoredDraft<T>): void {
  writeJson("local", key, { ...draft, values: withoutHoneypot(draft.values) });
}

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

const hasText = (values: object) =>
  Object.values(values).some((value) => value === true || (typeof value === "string" && value.trim() !== ""));

/**
 * Form values mirrored into localStorage on every change, restored after a reload, and removed
 * only when the server has accepted the submission. The first render uses `initial` so the
 * prerendered HTML and the hydrated page agree; the stored draft is applied just after.
 */
export function useDraft<T extends object>(storageKey: string, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [restored, setRestored] = useState(false);
  // False in the prerendered HTML and until the stored draft has been looked at.
  const [ready, setReady] = useState(false);
  const draft = useRef<StoredDraft<T>>({ values: initial, startedAt: Date.now() });
  // `initial` is a constant of the calling form: the first one is the one that counts.
  const initialValues = useRef(initial).current;

  useEffect(() => {
    const stored = readJson<StoredDraft<T>>("local", storageKey);
    if (stored?.values && typeof stored.values === "object" && hasText(withoutHoneypot(stored.values))) {
      draft.current = { ...stored, values: { ...initialValues, ...withoutHoneypot(stored.values) } };
      setValues(draft.current.values);
      setRestored(true);
    } else {
      draft.current = { values: initialValues, startedAt: Date.now() };
    }
    setReady(true);
  }, [storageKey, initialValues]);

  const update = useCallback(
    (patch: Partial<T>) => {
      setValues((current) => {
        const next = { ...current, ...patch };
        draft.current = { ...draft.current, values: next };
        writeDraft(storageKey, draft.current);
        return next;
      });
    },
    [storageKey],
  );

  const clear = useCallback(() => {
    removeKey("local", storageKey);
    draft.current = { values: initialValues, startedAt: Date.now() };
    setValues(initialValues);
    setRestored(false);
  }, [storageKey, initialValues]);

  /** The Idempotency-Key for this exact payload: the same text sent again reuses it. */
  const idempotencyKeyFor = useCallback(
    (payload: unknown) => {
      const fingerprint = JSON.stringify(payload);
      if (draft.current.idempotency?.fingerprint !== fingerprint) {
        draft.current = { ...draft.current, idempotency: { key: newKey(), fingerprint } };
        writeDraft(storageKey, draft.current);
      }
      return draft.current.idempotency?.key ?? newKey();
    },
    [storageKey],
  );

  const fillMs = useCallback(() => Math.max(0, Date.now() - draft.current.startedAt), []);

  return { values, update, clear, restored, ready, idempotencyKeyFor, fillMs };
}
