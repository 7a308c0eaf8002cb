/**
 * The admin bundle's one way to the worker: same-origin fetch with the HttpOnly session cookie
 * (never a token in script-readable storage). A 401 from any call tells the auth provider the
 * session is gone, which sends the artist to /admin/login.
 */
import { loginMessages } from "../../shared/admin";

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const SIGNED_OUT_EVENT = "admin:signed-out";

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: {
        Accept: "application/json",
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  } catch {
    throw new ApiFailure(0, "network", loginMessages.connection);
  }
  if (response.ok) return (await response.json()) as T;
  let code = "error";
  let message = `Request failed (${response.status}).`;
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    code = body.error?.code ?? code;
    message = body.error?.message ?? message;
  } catch {}
  if (response.status === 401 && !path.endsWith("/login")) {
    window.dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT));
  }
  throw new ApiFailure(response.status, code, message);
}
