import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { expect, type MockInstance, vi } from "vitest";

/** An hour in milliseconds, for the tests that place sessions and stamps around now. */
export const hour = 3_600_000;

/** Sends a request through the worker's own fetch handler, as the edge would. */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, "https://studio.test"), init));
}

/**
 * Deletes every row of the tables named, in one batch (a name may carry a WHERE that keeps the
 * rows another test of the file still needs).
 */
export async function emptyTables(...tables: string[]): Promise<void> {
  await env.DB.batch(tables.map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
}

/** Asserts that the text holds every part given, naming the first part it lacks. */
export function expectToContainAll(text: string, parts: string[]): void {
  for (const part of parts) expect(text).toContain(part);
}

/**
 * Has fetch calls to `host` answered by a local fake's handler, every other call going out as
 * before, until vi.restoreAllMocks: how the worker's real API clients reach the fakes.
 */
export function routeHostTo(host: string, handle: (request: Request) => Promise<Response>): void {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname === host) return handle(request);
    return realFetch(input, init);
  });
}

/** A JSON post from one visitor address, as a page's script sends it (a string body is sent as is). */
export function postJson(path: string, body: unknown, ip: string): Promise<Response> {
  return call(path, {
    method: "POST",
    headers: { "CF-Connecting-IP": ip, "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/**
 * Runs a burst against a Workers rate-limit binding from one new address, inside one of the
 * limiter's windows. Those windows are minutes of the wall clock, so a burst that straddles a
 * minute's end is counted in two windows and its last request is let through; such a burst is
 * sent again from another address, wholly inside the next minute. The caller asserts on what
 * the burst that stayed in one window returns.
 */
export async function inOneLimiterWindow<T>(
  newAddress: () => string,
  burst: (ip: string) => Promise<T>,
): Promise<T> {
  const minute = () => Math.floor(Date.now() / 60_000);
  for (let attempt = 1; ; attempt++) {
    const started = minute();
    const result = await burst(newAddress());
    if (minute() === started || attempt === 3) return result;
  }
}

/** The fields a refusal names; the answer must be a 400 in the validation error shape. */
export async function refusedFields(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  const { error } = (await response.json()) as { error: { code: string; fields?: Record<string, string> } };
  expect(error.code).toBe("validation");
  return Object.keys(error.fields ?? {});
}

/** A console method silenced for the rest of the test (vi.restoreAllMocks brings it back); its spy. */
export const silenced = (method: "log" | "warn" | "error") =>
  vi.spyOn(console, method).mockImplementation(() => {});

/** A console spy caught exactly one structured log line, of that level and holding those fields. */
export function expectOneLogLine(spy: MockInstance, level: string, fields: Record<string, unknown>): void {
  expect(spy).toHaveBeenCalledOnce();
  expect(JSON.parse(String(spy.mock.calls[0]?.[0]))).toMatchObject({ level, ...fields });
}
