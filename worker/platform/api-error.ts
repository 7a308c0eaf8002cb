import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

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

export function codeForStatus(status: number): string {
  return codeByStatus[status] ?? (status >= 500 ? "internal" : "error");
}
