import { describe, expect, it } from "vitest";
import { promptMaxLength } from "../../shared/personalization";
import { adminCall, send as adminSend, createAdmin, ORIGIN, quietLogs, signIn } from "./admin-support";
import { addContact } from "./inbox-support";
import { freshIp, send, validContact } from "./submission-support";

type ErrorBody = { error: { code: string; message: string } };

/** A JSON body padded with trailing spaces (still valid JSON) to exactly `bytes` bytes. */
function exactly(body: unknown, bytes: number): string {
  const json = JSON.stringify(body);
  const size = new TextEncoder().encode(json).length;
  if (size > bytes) throw new Error(`the body is already ${size} bytes`);
  return json + " ".repeat(bytes - size);
}

/** The same bytes as a stream of 1 KiB chunks, so the request has no Content-Length. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 1024));
      offset += 1024;
    },
  });
}

const sessionId = "0f6b6f3e-5d1c-4f8e-9a51-6b2f1e7c9d10";

/** Each public endpoint with a body: its limit, a valid body, and what that body is answered. */
const publicEndpoints = [
  { path: "/api/contact", limit: 32 * 1024, body: { ...validContact(), fillMs: 45_000 }, ok: 201 },
  { path: "/api/personalize", limit: 32 * 1024, body: { type: "homepage-greeting" }, ok: 200 },
  {
    path: "/api/location/precise",
    limit: 1024,
    body: { latitude: 38.9, longitude: -77.03, accuracy: 35 },
    ok: 200,
  },
  {
    path: "/api/metrics",
    limit: 16 * 1024,
    body: { metrics: [{ name: "LCP", value: 1800 }], session: { id: sessionId, path: "/" } },
  },
  {
    path: "/api/events",
    limit: 16 * 1024,
    body: { sessionId, events: [{ type: "Scroll Depth", path: "/" }] },
  },
  { path: "/api/logs", limit: 8 * 1024, body: { level: "error", message: "Script error" } },
] as const;

function postRaw(path: string, body: BodyInit) {
  return send(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp(), Origin: ORIGIN },
    body,
  });
}

async function expectTooLarge(response: Response) {
  expect(response.status).toBe(413);
  expect(((await response.json()) as ErrorBody).error.code).toBe("payload_too_large");
}

describe("body limits", () => {
  for (const endpoint of publicEndpoints) {
    const expected = "ok" in endpoint ? endpoint.ok : undefined;
    const accepted = (response: Response) => {
      if (expected) expect(response.status).toBe(expected);
      // Measurement rules are their own; here only the size must pass.
      else expect(response.status).toBeLessThan(413);
    };

    it(`POST ${endpoint.path} takes a body of exactly ${endpoint.limit} bytes and refuses one byte more`, async () => {
      accepted(await postRaw(endpoint.path, exactly(endpoint.body, endpoint.limit)));
      await expectTooLarge(await postRaw(endpoint.path, exactly(endpoint.body, endpoint.limit + 1)));
    });

    it(`POST ${endpoint.path} counts a streamed body without Content-Length the same way`, async () => {
      accepted(await postRaw(endpoint.path, streamed(exactly(endpoint.body, endpoint.limit))));
      await expectTooLarge(
        await postRaw(endpoint.path, streamed(exactly(endpoint.body, endpoint.limit + 1))),
      );
    });
  }

  it("POST /api/personalize takes the largest context the schema allows, in three-byte characters", async () => {
    const text = (n: number) => "語".repeat(n);
    const list = (items: number, n: number) => Array.from({ length: items }, () => text(n));
    const largest = {
      type: "tattoo-ideas",
      prompt: text(promptMaxLength),
      context: {
        location: text(120),
        userInterests: list(10, 60),
        sessionInterests: list(10, 60),
        visitHistory: list(20, 120),
        previousIdeas: list(5, 600),
        previousPrompts: list(5, 300),
        timeOfDay: "evening",
        businessLocation: text(120),
      },
    };
    expect((await postRaw("/api/personalize", JSON.stringify(largest))).status).toBe(200);
  });

  it("POST /api/admin/login refuses a body over 4 KiB before checking anything", async () => {
    const body = { email: "artist@studio.test", password: "wrong password" };
    const post = (text: string) =>
      adminCall("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": freshIp() },
        body: text,
      });
    quietLogs();
    expect((await post(exactly(body, 4 * 1024))).status).toBe(401);
    await expectTooLarge(await post(exactly(body, 4 * 1024 + 1)));
  });

  it("PATCH of an inbox row takes the longest note (16 KiB) and refuses one byte more", async () => {
    quietLogs();
    const cookie = await signIn(await createAdmin(), freshIp());
    const { id } = await addContact();
    const longest = { adminNotes: "語".repeat(5000) };
    expect((await adminSend("PATCH", `/api/admin/contacts/${id}`, cookie, longest)).status).toBe(200);
    const patch = (text: string) =>
      adminCall(`/api/admin/contacts/${id}`, {
        method: "PATCH",
        headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body: text,
      });
    expect((await patch(exactly({ status: "read" }, 16 * 1024))).status).toBe(200);
    await expectTooLarge(await patch(exactly({ status: "read" }, 16 * 1024 + 1)));
  });

  it("an endpoint without its own limit still refuses a body over 32 KiB", async () => {
    await expectTooLarge(await postRaw("/api/health", streamed(" ".repeat(32 * 1024 + 1))));
  });
});
