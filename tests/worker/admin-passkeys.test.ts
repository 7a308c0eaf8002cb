import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeEach, describe, expect, it } from "vitest";
import { LOGIN_MAX_FAILURES } from "../../shared/admin";
import { securityEvents, webauthnChallenges } from "../../worker/platform/db/schema";
import {
  adminCall,
  cookieFrom,
  createAdmin,
  login,
  ORIGIN,
  quietLogs,
  send,
  sessionGet,
  signIn,
} from "./admin-support";
import { type SoftPasskey, softPasskey } from "./passkey-authenticator";
import { freshIp } from "./submission-support";

beforeEach(() => {
  quietLogs();
});

const db = () => drizzle(env.DB);
type Options = { challenge: string; rp: { id?: string }; rpId?: string };

/** Signs in with a password and registers a software passkey under a name. */
async function withPasskey(name = "Phone") {
  const account = await createAdmin();
  const cookie = await signIn(account);
  const passkey = await softPasskey();
  const options = (await (await send("POST", "/api/admin/passkeys/options", cookie)).json()) as Options;
  const registered = await send("POST", "/api/admin/passkeys", cookie, {
    name,
    response: await passkey.register(options, ORIGIN),
  });
  expect(registered.status).toBe(201);
  return { account, cookie, passkey };
}

/** Sign-in options, asked from an address of their own (each address has a limit of its own). */
function signInOptions(address = freshIp()) {
  return adminCall("/api/admin/passkey-login/options", {
    method: "POST",
    headers: { Origin: ORIGIN, "CF-Connecting-IP": address },
  });
}

async function passkeySignIn(passkey: SoftPasskey, origin = ORIGIN) {
  const options = (await (await signInOptions()).json()) as Options;
  const assertion = await passkey.assert(options, origin);
  return {
    assertion,
    response: await send("POST", "/api/admin/passkey-login/verify", "", { response: assertion }),
  };
}

describe("passkeys", () => {
  it("registers a passkey for the signed-in artist, lists it, and records and e-mails the event", async () => {
    const { account, cookie, passkey } = await withPasskey("Studio laptop");
    const list = (await (await send("GET", "/api/admin/passkeys", cookie)).json()) as {
      passkeys: { id: string; name: string; lastUsedAt: string | null }[];
    };
    expect(list.passkeys).toEqual([
      expect.objectContaining({ id: passkey.id, name: "Studio laptop", lastUsedAt: null }),
    ]);
    const events = await db()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.adminId, account.id))
      .all();
    expect(events).toEqual([expect.objectContaining({ event: "passkey_added" })]);
    const mail = await env.DB.prepare(
      "SELECT status FROM mail_queue WHERE kind = 'security' AND subject_id = ?",
    )
      .bind(String(events[0]?.id))
      .first<{ status: string }>();
    expect(mail?.status).toBe("pending");
  });

  it("signs in with a passkey: a session and a device cookie, like a password sign-in", async () => {
    const { account, passkey } = await withPasskey();
    const { response } = await passkeySignIn(passkey);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, user: { id: account.id } });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__Host-gn_device="))).toBe(true);
    expect((await sessionGet(cookieFrom(response))).status).toBe(200);
  });

  it("signs in with a passkey while outsiders have locked password sign-in for her e-mail", async () => {
    const { account, passkey } = await withPasskey();
    for (let i = 0; i < LOGIN_MAX_FAILURES + 3; i++)
      await login(account.email, `guess-${i}`, { "CF-Connecting-IP": `198.18.30.${i}` });
    expect((await login(account.email, account.password, { "CF-Connecting-IP": "198.18.31.1" })).status).toBe(
      429,
    );
    expect((await passkeySignIn(passkey)).response.status).toBe(200);
  });

  it("refuses a replayed sign-in response: each challenge works once", async () => {
    const { passkey } = await withPasskey();
    const { assertion, response } = await passkeySignIn(passkey);
    expect(response.status).toBe(200);
    const replay = await send("POST", "/api/admin/passkey-login/verify", "", { response: assertion });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: { code: "passkey_refused" } });
    expect(replay.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a response signed for another origin", async () => {
    const { passkey } = await withPasskey();
    const { response } = await passkeySignIn(passkey, "https://evil.example");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "passkey_refused" } });
    // The same passkey from the right origin is fine: only the origin was wrong.
    expect((await passkeySignIn(passkey)).response.status).toBe(200);
  });

  it("gives one address ten sign-in options in ten minutes, then 429, leaving ten challenges at most", async () => {
    const challenges = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM webauthn_challenges").first<{ n: number }>())?.n ?? -1;
    const before = await challenges();
    const address = "198.18.77.5";
    for (let i = 0; i < 10; i++) expect((await signInOptions(address)).status).toBe(200);
    const refused = await signInOptions(address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      error: { message: expect.stringContaining("Too many sign-in attempts") },
    });
    // Refused calls write nothing: twenty more leave the same ten rows.
    for (let i = 0; i < 20; i++) expect((await signInOptions(address)).status).toBe(429);
    expect((await challenges()) - before).toBe(10);
    // Another address is not held back by this one.
    expect((await signInOptions("198.18.77.6")).status).toBe(200);
  });

  it("refuses an expired challenge", async () => {
    const { passkey } = await withPasskey();
    const options = (await (await signInOptions()).json()) as Options;
    await db()
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(webauthnChallenges.challenge, options.challenge));
    const response = await send("POST", "/api/admin/passkey-login/verify", "", {
      response: await passkey.assert(options, ORIGIN),
    });
    expect(response.status).toBe(400);
  });

  it("refuses an unregistered passkey and a removed one", async () => {
    const stranger = await softPasskey();
    const options = (await (await signInOptions()).json()) as Options;
    const unknown = await send("POST", "/api/admin/passkey-login/verify", "", {
      response: await stranger.assert(options, ORIGIN, new URL(ORIGIN).hostname),
    });
    expect(unknown.status).toBe(400);

    const { cookie, passkey } = await withPasskey();
    expect((await send("DELETE", `/api/admin/passkeys/${passkey.id}`, cookie)).status).toBe(200);
    expect((await passkeySignIn(passkey)).response.status).toBe(400);
  });

  it("renames a passkey, and answers 404 for one that is not hers", async () => {
    const { cookie, passkey } = await withPasskey();
    expect(
      (await send("PATCH", `/api/admin/passkeys/${passkey.id}`, cookie, { name: "Old phone" })).status,
    ).toBe(200);
    const list = (await (await send("GET", "/api/admin/passkeys", cookie)).json()) as {
      passkeys: { name: string }[];
    };
    expect(list.passkeys[0]?.name).toBe("Old phone");

    const other = await withPasskey();
    for (const [method, body] of [
      ["PATCH", { name: "Mine now" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await send(method, `/api/admin/passkeys/${other.passkey.id}`, cookie, body);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    }
    expect((await send("DELETE", "/api/admin/passkeys/no-such-key", cookie)).status).toBe(404);
  });

  it("refuses bad input with 400 and the field's message", async () => {
    const { cookie } = await withPasskey();
    const blank = await send("PATCH", "/api/admin/passkeys/x", cookie, { name: "   " });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({
      error: { code: "validation", message: "Please give the passkey a name." },
    });
    const garbage = await send("POST", "/api/admin/passkey-login/verify", "", { response: { id: "x" } });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ error: { code: "validation" } });
    const unreadable = await send("POST", "/api/admin/passkey-login/verify", "", {
      response: {
        id: "abc",
        rawId: "abc",
        type: "public-key",
        response: { clientDataJSON: "bm90LWpzb24", authenticatorData: "AA", signature: "AA" },
      },
    });
    expect(unreadable.status).toBe(400);
  });

  it("lets only a signed-in artist list or add passkeys, and a registration challenge only for her", async () => {
    expect((await send("GET", "/api/admin/passkeys", "")).status).toBe(401);
    expect((await send("POST", "/api/admin/passkeys/options", "")).status).toBe(401);
    // A registration challenge handed to one admin cannot register a passkey for another.
    const first = await createAdmin();
    const second = await createAdmin();
    const firstCookie = await signIn(first);
    const secondCookie = await signIn(second);
    const options = (await (
      await send("POST", "/api/admin/passkeys/options", firstCookie)
    ).json()) as Options;
    const passkey = await softPasskey();
    const response = await send("POST", "/api/admin/passkeys", secondCookie, {
      name: "Stolen",
      response: await passkey.register(options, ORIGIN),
    });
    expect(response.status).toBe(400);
  });
});
