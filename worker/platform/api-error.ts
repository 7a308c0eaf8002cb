import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { studio } from "../../shared/studio";
import { log } from "./log";

/** The one error shape of every API response: a code to branch on, a message to show, per-field messages. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const codeByStatus: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  503: "unavailable",
};

/** An error a handler or middleware throws; `onError` turns it into the JSON shape above. */
export class ApiError extends HTTPException {
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { code?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(status, { message });
    this.code = options.code ?? codeByStatus[status] ?? "error";
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

function codeForStatus(status: number): string {
  return codeByStatus[status] ?? (status >= 500 ? "internal" : "error");
}

/** What an error thrown by a handler answers, whatever the answer's form (JSON, or a page). */
export interface ErrorAnswer {
  status: ContentfulStatusCode;
  code: string;
  message: string;
  fields?: Record<string, string> | undefined;
  headers: Record<string, string>;
}

/** D1 reports outages and overload with D1_* errors (e.g. "D1_ERROR: Network connection lost."). */
function isDatabaseOutage(error: Error): boolean {
  return /\bD1_[A-Z_]*ERROR\b|Network connection lost|D1 DB is overloaded|SQLITE_BUSY/.test(error.message);
}

/**
 * Sorts a thrown error into the answer a visitor gets: an ApiError or HTTPException as it says,
 * a database outage as 503 with a time to come back, anything else as 500. The last two are
 * logged (with `context`), as nobody else will see them.
 */
export function describeError(error: Error, context: Record<string, unknown>): ErrorAnswer {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      fields: error.fields,
      headers: error.headers ?? {},
    };
  }
  if (error instanceof HTTPException) {
    return {
      status: error.status,
      code: codeForStatus(error.status),
      message: error.message || "Request failed.",
      headers: {},
    };
  }
  if (isDatabaseOutage(error)) {
    log("error", "database unavailable", { ...context, error: error.message });
    return {
      status: 503,
      code: "unavailable",
      message: `We couldn't reach our database just now, so nothing was saved. Please try again in a minute, or call the studio at ${studio.phone.display}.`,
      headers: { "Retry-After": "30" },
    };
  }
  log("error", "unhandled error", { ...context, error: error.message });
  return {
    status: 500,
    code: "internal",
    message: "Something went wrong on our side. Please try again, or call the studio.",
    headers: {},
  };
}
