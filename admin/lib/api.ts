/**
 * The admin bundle's one way to the worker: Hono's typed client over the worker's route tree,
 * so every input and answer type here comes from the routes themselves (a changed route breaks
 * this bundle's typecheck). Same-origin fetch with the HttpOnly session cookie, never a token in
 * script-readable storage. A 401 from any call tells the auth provider the session is gone, which
 * sends the artist to /admin/login.
 */
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { loginMessages, SESSION_ENDS_HEADER } from "../../shared/admin-session";
import type { AppType } from "../../worker/app";

export const client = hc<AppType>("/", {
  headers: { Accept: "application/json" },
  init: { credentials: "same-origin" },
});

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A validation answer's messages by field path ("data.3.title"), when it has them. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const SIGNED_OUT_EVENT = "admin:signed-out";
/** Fired with the session's end (ms since epoch, by this browser's clock) with every signed-in answer. */
export const SESSION_ENDS_EVENT = "admin:session-ends";

/** The body a call answers with on success; error answers all share the one error shape instead. */
type OnSuccess<T, S> = S extends SuccessStatusCode ? T : never;
type Answer<R> = R extends ClientResponse<infer T, infer S, infer _F> ? OnSuccess<T, S> : never;

interface CallOptions {
  /** False for the sign-in call, where a 401 means a wrong password rather than an ended session. */
  session?: boolean;
}

/**
 * Awaits one `client` call and unwraps it: the JSON body on success, an `ApiFailure` carrying the
 * error shape's code and message otherwise. A fetch that never reached the server becomes the
 * connection message; an abort or timeout the caller asked for is passed through as is.
 */
export async function api<P extends Promise<ClientResponse<unknown, number, "json">>>(
  request: P,
  { session = true }: CallOptions = {},
): Promise<Answer<Awaited<P>>> {
  let response: Awaited<P>;
  try {
    response = await request;
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError"))
      throw error;
    throw new ApiFailure(0, "network", loginMessages.connection);
  }
  if (response.ok) {
    const left = Number((response as Response).headers?.get(SESSION_ENDS_HEADER) ?? Number.NaN);
    if (Number.isFinite(left))
      window.dispatchEvent(new CustomEvent(SESSION_ENDS_EVENT, { detail: Date.now() + left }));
    return (await response.json()) as Answer<Awaited<P>>;
  }
  let code = "error";
  let message = `Request failed (${response.status}).`;
  let fields: Record<string, string> = {};
  try {
    const body = (await (response as Response).json()) as {
      error?: { code?: string; message?: string; fields?: Record<string, string> };
    };
    code = body.error?.code ?? code;
    message = body.error?.message ?? message;
    fields = body.error?.fields ?? fields;
  } catch {}
  if (response.status === 401 && session) window.dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT));
  throw new ApiFailure(response.status, code, message, fields);
}

/** A DELETE's 404: what was to be turned off is off already, which is what she asked for. */
export const alreadyGone = (status: number) => status === 404;
