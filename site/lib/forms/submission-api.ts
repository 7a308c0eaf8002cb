import type { FormConfig, SubmissionCreated } from "../../../shared/schemas/submission";
import { formPostPath, idempotencyHeader } from "../../../shared/schemas/submission";

/** What the form sends: its own fields plus the fill time and, when present, the Turnstile token. */
type SubmissionPayload<T> = T & { fillMs: number; turnstileToken?: string };

/** An answer as the typed client returns it; only the parts read here. */
interface Answer<B> {
  ok: boolean;
  status: number;
  json(): Promise<B>;
}

/**
 * A kind of submission's two routes, called through the typed client by the feature that owns
 * the form (so a changed route breaks that form's typecheck).
 */
export interface SubmissionEndpoint<T> {
  /** Where the form posts as a plain form when no script runs (formPostPath of its kind). */
  formAction: string;
  post(json: SubmissionPayload<T>, options: { headers: Record<string, string> }): Promise<Answer<unknown>>;
  config(): Promise<Answer<FormConfig>>;
  /**
   * The worker's own checks of this kind, loaded when the visitor starts on the form: they
   * carry zod, which a visitor who only reads the page never needs.
   */
  check(): Promise<FieldCheck>;
}

/** A kind's two routes on the typed client (`api.contact`, `api.consultations`). */
interface SubmissionRoutes<T> {
  $post(
    args: { json: SubmissionPayload<T> },
    options: { headers: Record<string, string> },
  ): Promise<Answer<unknown>>;
  config: { $get(): Promise<Answer<FormConfig>> };
}

/**
 * A kind of submission's endpoint: where it posts without a script, its routes on the typed
 * client (loaded with the first call: the form's first focus, not the page) and its checks.
 */
export function submissionEndpoint<T>(
  kind: Parameters<typeof formPostPath>[0],
  routes: () => Promise<SubmissionRoutes<T>>,
  check: () => Promise<FieldCheck>,
): SubmissionEndpoint<T> {
  return {
    formAction: formPostPath(kind),
    post: async (json, options) => (await routes()).$post({ json }, options),
    config: async () => (await routes()).config.$get(),
    check,
  };
}

/** The fields a payload fails, each with the message the worker would send; null when it passes. */
export type FieldCheck = (payload: unknown) => Record<string, string> | null;

type SubmitOutcome =
  | { ok: true; data: SubmissionCreated }
  | { ok: false; kind: "validation"; message: string; fields: Record<string, string> }
  | { ok: false; kind: "refused"; code: string; message: string }
  | { ok: false; kind: "unavailable"; message: string };

/** POSTs a submission with its Idempotency-Key and reads the API's one error shape; never throws. */
export async function sendSubmission<T>(
  endpoint: SubmissionEndpoint<T>,
  payload: SubmissionPayload<T>,
  idempotencyKey: string,
): Promise<SubmitOutcome> {
  let response: Answer<unknown>;
  try {
    response = await endpoint.post(payload, { headers: { [idempotencyHeader]: idempotencyKey } });
  } catch {
    return {
      ok: false,
      kind: "unavailable",
      message: "We could not reach the studio's server. Check your connection.",
    };
  }
  // Error answers are not part of a route's type: every one shares the API's error shape.
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

/** The form's configuration from the worker (Turnstile key, booking link); null if it fails. */
export async function fetchFormConfig<T>(endpoint: SubmissionEndpoint<T>): Promise<FormConfig | null> {
  const response = await endpoint.config();
  return response.ok ? response.json() : null;
}
