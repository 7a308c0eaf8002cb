import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withoutTokens } from "../../shared/private-links";
import { log } from "../../worker/platform/log";
import { sentRequest } from "./request-support";
import { prerenderedAssets } from "./site-pages-support";
import { post, send } from "./submission-support";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every cell of every table of a D1 database, as one text to search. */
async function everythingStored(db: D1Database): Promise<string> {
  const { results: tables } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    )
    .all<{ name: string }>();
  const dumps: string[] = [];
  for (const { name } of tables) {
    const { results } = await db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).all();
    dumps.push(JSON.stringify(results));
  }
  return dumps.join("\n");
}

describe("a private link's token", () => {
  it("is taken out of any text: status paths, the confirmation's request= and token= parameters", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
    expect(withoutTokens(`GET /requests/${token}/booking?x=1 failed`)).toBe(
      "GET /requests/:token/booking?x=1 failed",
    );
    expect(withoutTokens(`/forms/consultations/sent?request=${token}#sent`)).toBe(
      "/forms/consultations/sent?request=:token#sent",
    );
    expect(withoutTokens(`/waitlist/leave?a=b&token=${"f".repeat(32)}`)).toBe(
      "/waitlist/leave?a=b&token=:token",
    );
    expect(withoutTokens("/gallery?style=fine-line")).toBe("/gallery?style=fine-line");
  });

  it("never reaches a log line, whichever field or error message carries it", () => {
    const lines: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
    log("warn", "page failed", {
      path: `/requests/${token}/booking`,
      error: `TypeError: fetch https://studio.test/forms/consultations/sent?request=${token}`,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(token);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      path: "/requests/:token/booking",
      error: "TypeError: fetch https://studio.test/forms/consultations/sent?request=:token",
    });
  });

  it("is found in no log line, stored row or outside call after a client's whole visit", async () => {
    const lines: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      });
    }
    const outside: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      outside.push(`${input instanceof Request ? input.url : String(input)} ${String(init?.body ?? "")}`);
      return realFetch(input, init);
    });

    const { token } = await sentRequest();
    const page = (path: string, init: RequestInit = {}) => send(path, init, { ASSETS: prerenderedAssets });
    // The client reads the status page and the pages under it, and writes a message.
    expect((await page(`/requests/${token}`)).status).toBe(200);
    await page(`/requests/${token}/booking`);
    await page(`/requests/${token}/release-form`);
    await page(`/requests/${token}/no-such-page`);
    const form = new URLSearchParams({ body: "Can we make it a little larger?" });
    await page(`/requests/${token}/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://studio.test" },
      body: form,
    });
    // The no-script confirmation page names the token in its query string.
    await page(`/forms/consultations/sent?request=${token}`);
    // A browser on that page reports an error, and the idea generator is told where the visitor was.
    await post("/api/logs", {
      timestamp: new Date().toISOString(),
      level: "error",
      message: `TypeError at https://studio.test/requests/${token}`,
      url: `https://studio.test/requests/${token}?from=mail`,
    });
    await post("/api/personalize", {
      type: "homepage-greeting",
      context: { visitHistory: ["/gallery", `/requests/${token}`] },
    });

    expect(lines.join("\n")).not.toContain(token);
    expect(outside.join("\n")).not.toContain(token);
    expect(await everythingStored(env.DB)).not.toContain(token);
    expect(await everythingStored(env.METRICS_DB)).not.toContain(token);
    // The walk did log and store: the search above had something to read.
    expect(await everythingStored(env.METRICS_DB)).toContain("/requests/:token");
  });
});
