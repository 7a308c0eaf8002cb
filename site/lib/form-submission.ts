import { useCallback, useEffect, useRef, useState } from "react";
import type { FormConfig, SubmissionCreated } from "../../shared/schemas/submission";
import { idempotencyHeader } from "../../shared/schemas/submission";

/**
 * What the two public forms share: a draft kept in the browser until the submission succeeds,
 * the request with its Idempotency-Key, and the reading of the API's one error shape.
 */

export type SubmitOutcome =
  | { ok: true; data: SubmissionCreated }
  | { ok: false; kind: "validation"; message: string; fields: Record<string, string> }
  | { ok: false; kind: "refused"; code: string; message: string }
  | { ok: false; kind: "unavailable"; message: string };

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

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readDraft<T>(key: string): StoredDraft<T> | null {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as StoredDraft<T>) : null;
  } catch {
    return null;
  }
}

function writeDraft<T extends object>(key: string, draft: StoredDraft<T>): void {
  try {
    storage()?.setItem(key, JSON.stringify({ ...draft, values: withoutHoneypot(draft.values) }));
  } catch {
    // Private mode or a full quota: the form still works, only the draft is not kept.
  }
}

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Form values mirrored into localStorage on every change, restored after a reload, and removed
 * only when the server has accepted the submission. The first render uses `initial` so the
 * prerendered HTML and the hydrated page agree; the stored draft is applied just after.
 */
export function useDraft<T extends object>(storageKey: string, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [restored, setRestored] = useState(false);
  // False in the prerendered HTML and until hydration: the forms keep their submit button
  // disabled without JavaScript, so a native submit can never put the fields in a URL.
  const [ready, setReady] = useState(false);
  const draft = useRef<StoredDraft<T>>({ values: initial, startedAt: Date.now() });

  useEffect(() => {
    const stored = readDraft<T>(storageKey);
    const hasText = (values: object) =>
      Object.values(values).some(
        (value) => value === true || (typeof value === "string" && value.trim() !== ""),
      );
    if (stored?.values && typeof stored.values === "object" && hasText(withoutHoneypot(stored.values))) {
      draft.current = { ...stored, values: { ...initial, ...withoutHoneypot(stored.values) } };
      setValues(draft.current.values);
      setRestored(true);
    } else {
      draft.current = { values: initial, startedAt: Date.now() };
    }
    setReady(true);
    // `initial` is a constant of the calling form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);

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
    try {
      storage()?.removeItem(storageKey);
    } catch {}
    draft.current = { values: initial, startedAt: Date.now() };
    setValues(initial);
    setRestored(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey]);

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

/** POSTs a form to the API and reads its answer; never throws. */
export async function submitForm(
  path: string,
  payload: unknown,
  idempotencyKey: string,
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", [idempotencyHeader]: idempotencyKey },
      body: JSON.stringify(payload),
    });
  } catch {
    return {
      ok: false,
      kind: "unavailable",
      message: "We could not reach the studio's server. Check your connection.",
    };
  }
  const body = (await response.json().catch(() => null)) as
    | (SubmissionCreated & { error?: undefined })
    | { error?: { code: string; message: string; fields?: Record<string, string> } }
    | null;
  if (response.status === 201 && body && "id" in body) return { ok: true, data: body };
  const error = body?.error;
  if (response.status === 400 && error?.code === "validation" && error.fields) {
    return { ok: false, kind: "validation", message: error.message, fields: error.fields };
  }
  if (error && response.status < 500)
    return { ok: false, kind: "refused", code: error.code, message: error.message };
  return {
    ok: false,
    kind: "unavailable",
    message: error?.message ?? "The studio's server had a problem. Your text is saved in this browser.",
  };
}

/** The form's configuration from the worker (Turnstile key, booking link); null until loaded. */
export function useFormConfig(path: string): FormConfig | null {
  const [config, setConfig] = useState<FormConfig | null>(null);
  useEffect(() => {
    let active = true;
    fetch(path)
      .then((r) => (r.ok ? (r.json() as Promise<FormConfig>) : null))
      .then((data) => {
        if (active && data) setConfig(data);
      })
      .catch(() => {});
    return () => {
      active = false;
    };
  }, [path]);
  return config;
}

/** A status banner that clears itself after `ms` (public-site.md 4: status messages last 5 s). */
export function useTimedStatus<T>(ms = 5000) {
  const [status, setStatus] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setStatus(next);
      timer.current = setTimeout(() => setStatus(null), ms);
    },
    [ms],
  );
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setStatus(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { status, show, hide };
}

/** Moves focus to the first field with an error, in the form's own order. */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  order: readonly string[],
  fields: Record<string, string>,
) {
  const first = order.find((name) => fields[name]);
  if (!form || !first) return;
  const element = form.querySelector<HTMLElement>(`[name="${first}"]`);
  element?.focus();
}
