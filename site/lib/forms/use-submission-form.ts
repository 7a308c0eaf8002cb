import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { FormConfig, SubmissionCreated } from "../../../shared/schemas/submission";
import { type FieldCheck, fetchFormConfig, type SubmissionEndpoint, sendSubmission } from "./submission-api";
import { useDraft } from "./use-draft";

/** What the banner under a form says; it clears itself after a few seconds. */
export type FormStatus =
  | { kind: "success" }
  | { kind: "error"; fields: Record<string, string>; detail?: string };

/** The worker's code for a submission refused because its honeypot was filled. */
const spamRefusalCode = "spam_check";

/** Status messages stay for 5 s, long enough to read, short enough not to linger. */
const statusMs = 5000;

/** The fields a submission fails, and a message for the whole form; null when it passes. */
type FormCheck = (
  values: object,
  payload: unknown,
) => { fields: Record<string, string>; detail?: string } | null;

/**
 * The worker's checks of a kind of form, run in the browser first: the security scan of the
 * whole payload (its one generic message) and then the fields. They load together once the
 * visitor starts on the form, so a visitor who only reads the page never downloads them.
 */
async function loadFormCheck(fieldCheck: () => Promise<FieldCheck>): Promise<FormCheck> {
  const [fields, scan] = await Promise.all([fieldCheck(), import("../../../shared/schemas/security-scan")]);
  return (values, payload) => {
    if (scan.scanPayload(values)) return { fields: {}, detail: scan.unsafeContentMessage };
    const failing = fields(payload);
    return failing ? { fields: failing } : null;
  };
}

type Keys<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;

/**
 * One hook for every public submission form: the draft kept in the browser until the server
 * accepts it, the Idempotency-Key per payload, the same security scan and zod schema the worker
 * checks (so the form shows the server's messages before sending; they load when the visitor
 * starts on the form), errors under their fields, focus on the first invalid one, the submitting state, the
 * timed status banner, and the optional Turnstile check.
 */
export function useSubmissionForm<T extends { website?: string }>({
  name,
  endpoint,
  initial,
  fieldOrder,
  onSuccess,
  extra,
}: {
  /** Names the draft in browser storage. */
  name: string;
  endpoint: SubmissionEndpoint<T>;
  initial: T;
  /** The fields in the order they appear, so focus goes to the first invalid one. */
  fieldOrder: readonly (keyof T & string)[];
  /** Told what the server answered (a consultation's answer carries its status page's link). */
  onSuccess?: (created: SubmissionCreated) => void;
  /**
   * What the form sends besides its draft (files uploaded beforehand, say), read at send time:
   * kept out of the draft, so it never sits in browser storage.
   */
  extra?: () => Record<string, unknown>;
}) {
  const draft = useDraft<T>(`draft:${name}`, initial);
  const [config, setConfig] = useState<FormConfig | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState<FormStatus | null>(null);
  const [turnstileToken, setTurnstileToken] = useState("");
  const [turnstileReset, setTurnstileReset] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const statusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const checks = useRef<Promise<FormCheck | null> | undefined>(undefined);

  // The checks and the form's configuration (Turnstile's key, the booking link) load once the
  // visitor is on the form (focus) or sends it: a visitor who only reads the page loads neither.
  // Where the checks cannot load (the connection dropped), the worker still checks the
  // submission and answers field by field.
  const configAsked = useRef(false);
  const loadChecks = useCallback(() => {
    if (!configAsked.current) {
      configAsked.current = true;
      fetchFormConfig(endpoint)
        .then((loaded) => {
          if (loaded) setConfig(loaded);
        })
        .catch(() => {
          configAsked.current = false;
        });
    }
    checks.current ??= loadFormCheck(() => endpoint.check()).catch(() => {
      checks.current = undefined;
      return null;
    });
    return checks.current;
  }, [endpoint]);

  useEffect(() => () => clearTimeout(statusTimer.current), []);

  const show = useCallback((next: FormStatus) => {
    clearTimeout(statusTimer.current);
    setStatus(next);
    statusTimer.current = setTimeout(() => setStatus(null), statusMs);
  }, []);

  const { update } = draft;
  const set = useCallback(
    <K extends keyof T & string>(key: K, value: T[K]) => {
      update({ [key]: value } as unknown as Partial<T>);
      setErrors((current) => {
        if (!current[key]) return current;
        const { [key]: _gone, ...rest } = current;
        return rest;
      });
    },
    [update],
  );

  function fail(fields: Record<string, string>, detail?: string) {
    setErrors(fields);
    show({ kind: "error", fields, ...(detail ? { detail } : {}) });
    // Focus waits for the error text to render so it is read with the field.
    requestAnimationFrame(() => {
      const first = fieldOrder.find((name) => fields[name]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const values = draft.values;
    const added = extra?.() ?? {};
    const payload = {
      ...values,
      ...added,
      fillMs: draft.fillMs(),
      ...(turnstileToken ? { turnstileToken } : {}),
    };
    const failing = (await loadChecks())?.(values, payload);
    if (failing) return fail(failing.fields, failing.detail);

    setSubmitting(true);
    const outcome = await sendSubmission(endpoint, payload, draft.idempotencyKeyFor({ ...values, ...added }));
    setSubmitting(false);
    setTurnstileReset((n) => n + 1);
    if (outcome.ok) {
      setErrors({});
      draft.clear();
      show({ kind: "success" });
      onSuccess?.(outcome.data);
      return;
    }
    if (outcome.kind === "validation") return fail(outcome.fields);
    // The hidden field that robots fill was filled (by a browser's autofill, say): the refusal
    // is said once, and the value goes, so the visitor's next send is not refused for it again.
    if (outcome.kind === "refused" && outcome.code === spamRefusalCode) update({ website: "" } as Partial<T>);
    fail({}, outcome.message);
  }

  /** Props for a text, e-mail, select or textarea field bound to the draft. */
  const text = <K extends Keys<T, string>>(name: K) => ({
    name,
    value: draft.values[name] as string,
    onChange: (value: string) => set(name, value as T[K]),
    error: errors[name],
  });

  /** Props for a checkbox bound to the draft. */
  const check = <K extends Keys<T, boolean>>(name: K) => ({
    name,
    checked: draft.values[name] as boolean,
    onChange: (checked: boolean) => set(name, checked as T[K]),
    error: errors[name],
  });

  return {
    update,
    text,
    check,
    status,
    submitting,
    restored: draft.restored,
    ready: draft.ready,
    /** The plain post the form makes where no script runs (see FormActions). */
    action: endpoint.formAction,
    config,
    formRef,
    onSubmit,
    /** On the form element: its first focus starts loading the checks. */
    onFocus: loadChecks,
    /** The hidden honeypot, Turnstile (when the worker has a key) and the submit button. */
    guards: {
      honeypot: { value: draft.values.website ?? "", onChange: (value: string) => set("website", value) },
      turnstile: config?.turnstileSiteKey
        ? { siteKey: config.turnstileSiteKey, onToken: setTurnstileToken, resetSignal: turnstileReset }
        : null,
    },
  };
}
