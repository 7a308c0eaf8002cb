/**
 * The API contract of the two submission endpoints, shared by the worker, the forms, the tests
 * and the benchmark.
 */

/** 201 body of POST /api/contact and POST /api/consultations. */
export interface SubmissionCreated {
  id: string;
  status: string;
  created_at: string;
  /**
   * A consultation request's private status page, in the answer that saved it only: a repeated
   * Idempotency-Key's stored answer never holds it (the link is kept only as its hash).
   */
  statusUrl?: string;
}

/** The largest JSON body either endpoint reads (413 above it). */
export const maxSubmissionBytes = 32 * 1024;

/** The header that makes a retried submission return the first answer. */
export const idempotencyHeader = "Idempotency-Key";
/** 1-255 visible ASCII characters (a UUID in practice). */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** Configuration the forms read from GET /api/{contact,consultations}/config. */
export interface FormConfig {
  /** Cloudflare Turnstile site key; null when Turnstile is off. */
  turnstileSiteKey: string | null;
  /** Where "Book your appointment" points after a request is sent (consultations only). */
  bookingWidgetUrl?: string | null;
}

/**
 * Where the public forms post when the browser runs no JavaScript: plain
 * application/x-www-form-urlencoded posts to /forms/<kind path>, answered with HTML.
 */
export const formPostPath = (kindPath: string) => `/forms/${kindPath}`;

/**
 * The image a form loads only without JavaScript (inside <noscript>): its answer sets a signed
 * cookie with the time the form appeared, which the worker checks against the minimum fill time.
 */
export const formTicketPath = "/forms/ticket";
