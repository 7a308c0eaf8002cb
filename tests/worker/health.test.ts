import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import pkg from "../../package.json";
import app from "../../worker/app";
import { call, expectOneLogLine, silenced } from "./support";

describe("GET /api/health", () => {
  it("answers 200 naming every dependency, the optional ones off, when all that is required answers", async () => {
    const response = await call("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      version: pkg.version,
      checks: {
        db: "ok",
        metricsDb: "ok",
        kv: "ok",
        photos: "ok",
        images: "ok",
        mail: "ok",
        JWT_SECRET: "ok",
        PASSWORD_PEPPER: "ok",
        RATE_LIMIT_SECRET: "ok",
        RELEASE_FORM_KEY: "ok",
        stripe: "missing",
        turnstile: "missing",
        push: "missing",
        sms: "missing",
      },
    });
  });

  it("names a missing or malformed secret and a half-configured service, never a value", async () => {
    const logged = silenced("error");
    const warned = silenced("warn");
    const broken = {
      ...env,
      JWT_SECRET: "",
      RELEASE_FORM_KEY: "bm90LTMyLWJ5dGVz",
      STRIPE_SECRET_KEY: "sk_test_only_half_of_the_pair",
      MAIL_PROVIDER: "http",
      MAIL_API_KEY: "",
    };
    const response = await app.request("/api/health", {}, broken);
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      status: "degraded",
      checks: { JWT_SECRET: "missing", RELEASE_FORM_KEY: "failing", stripe: "failing", mail: "missing" },
      failing: ["mail", "JWT_SECRET", "RELEASE_FORM_KEY", "stripe"],
    });
    expect(text).not.toContain("sk_test_only_half_of_the_pair");
    expect(text).not.toContain("bm90LTMyLWJ5dGVz");
    // Said once for these settings, however many requests meet it.
    await app.request("/api/health", {}, broken);
    await app.request("/api/contact", { method: "POST" }, broken);
    const lines = [...logged.mock.calls, ...warned.mock.calls].map(([line]) => JSON.parse(String(line)));
    const reports = lines.filter((line) => line.message === "configuration: a dependency is not usable");
    expect(reports.map((line) => [line.dependency, line.state, line.level])).toEqual([
      ["mail", "missing", "error"],
      ["JWT_SECRET", "missing", "error"],
      ["RELEASE_FORM_KEY", "failing", "error"],
      ["stripe", "failing", "warn"],
    ]);
    expect(JSON.stringify(lines)).not.toContain("sk_test_only_half_of_the_pair");
  });

  it("answers 503 naming the database when D1 fails", async () => {
    const brokenDb = {
      prepare: () => {
        throw new Error("D1 is unavailable");
      },
    } as unknown as D1Database;
    const logged = silenced("error");
    const response = await app.request("/api/health", {}, { ...env, DB: brokenDb });
    expect(response.status).toBe(503);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: "degraded", checks: { db: "failing", kv: "ok" }, failing: ["db"] });
    expectOneLogLine(logged, "error", { check: "db", requestId: expect.any(String) });
  });

  it("answers 503 naming the cache when KV fails", async () => {
    const brokenKv = {
      get: () => Promise.reject(new Error("KV is unavailable")),
    } as unknown as KVNamespace;
    silenced("error");
    const response = await app.request("/api/health", {}, { ...env, KV: brokenKv });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ checks: { db: "ok", kv: "failing" }, failing: ["kv"] });
  });
});
