import type { FormConfig, SubmissionCreated } from "../../../shared/schemas/submission";
import { idempotencyHeader } from "../../../shared/schemas/submission";

/** The two kinds of submission the public site sends, by their API path. */
export type SubmissionKind = "contact" | "consultations";

type SubmitOutcome =
  | { ok: true; data: SubmissionCreated }
  | { ok: false; kind: "validation"; message: string; fields: Record<string, string> }
  | { ok: false; kind: "refused"; code: string; message: string }
  | { ok: false; kind: "unavailable"; message: string };

/** POSTs a submission with its Idempotency-Key and reads the API's one error shape; never throws. */
export async function sendSubmission(
  kind: SubmissionKind,
  payload: unknown,
  idempotencyKey: string,
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api/${kind}`, {
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

/** The form's configuration from the worker (Turnstile key, booking link); null until it arrives. */
export async function fetchFormConfig(kind: SubmissionKind): Promise<FormConfig | null> {
  const response = await fetch(`/api/${kind}/config`);
  return response.ok ? ((await response.json()) as FormConfig) : null;
}
