import { expect } from "vitest";

/**
 * The admin API as the signed-in artist calls it over the served worker: same-origin JSON with the
 * session cookie. Each test file passes an address of its own, because the sign-in tests lock
 * 127.0.0.1 out on purpose and the rate limits count per address.
 */
export function adminApi(baseUrl: string, address: string) {
  let cookie = "";
  /** A JSON body is sent as JSON; bytes (an upload) as they are, typed by `headers`. */
  function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const bytes = body instanceof Uint8Array;
    return fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Origin: baseUrl,
        Cookie: cookie,
        "CF-Connecting-IP": address,
        ...(body === undefined || bytes ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: bytes ? new Blob([new Uint8Array(body)]) : JSON.stringify(body) }),
    });
  }
  /** Signs in with the password and keeps the session cookie for the calls that follow. */
  async function signIn(account: { email: string; password: string }) {
    const response = await call("POST", "/api/admin/login", account);
    expect(response.status).toBe(200);
    cookie =
      response.headers
        .getSetCookie()
        .find((c) => c.startsWith("__Host-gn_admin="))
        ?.split(";")[0] ?? "";
  }
  /** The number of the content version the site shows now. */
  async function liveVersion(): Promise<number> {
    const content = await call("GET", "/api/admin/content");
    return ((await content.json()) as { version: number }).version;
  }
  /**
   * Publishes `version` again, as the next one over whatever is live: how the files that change
   * the studio's content put the seeded one back for the files after them.
   */
  async function restoreVersion(version: number): Promise<void> {
    const restored = await call("POST", `/api/admin/content/versions/${version}/restore`, {
      baseVersion: await liveVersion(),
    });
    expect(restored.status).toBe(201);
  }
  return { call, signIn, liveVersion, restoreVersion };
}
