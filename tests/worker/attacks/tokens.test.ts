import { decodeJwt, SignJWT } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "../../../worker/features/sign-in/sessions";
import {
  adminCall,
  b64url,
  createAdmin,
  forge,
  logout,
  quietLogs,
  secrets,
  sessionGet,
  signIn,
  tokenOf,
} from "../admin-support";

// The hostile session tokens that admin-session.test.ts does not already send (it covers a
// tampered payload, a foreign key, alg none, wrong audience and issuer, expiry, no session id
// and an unknown session). Each one here must get the same plain 401 with the one error shape:
// never a 500, never a hint of which check failed, never a session.

beforeEach(() => {
  quietLogs();
});

const asCookie = (token: string) => `__Host-gn_admin=${token}`;
const now = () => Math.floor(Date.now() / 1000);

async function liveSession() {
  const cookie = await signIn(await createAdmin());
  const claims = decodeJwt(tokenOf(cookie));
  return { cookie, token: tokenOf(cookie), sid: String(claims.sid), sub: String(claims.sub) };
}

/** HS-family token over the given header and claims, signed with `key` (the real one by default). */
async function signed(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  key: Uint8Array = new TextEncoder().encode(secrets.JWT_SECRET),
) {
  const alg = String(header.alg);
  return new SignJWT(claims).setProtectedHeader({ ...header, alg }).sign(key);
}

describe("hostile session tokens", () => {
  it("refuses every malformed, mis-signed or misdirected token with a plain 401", async () => {
    const live = await liveSession();
    const other = await liveSession();
    const { sid, sub, token } = live;
    const base = { iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub, sid, iat: now(), exp: now() + 600 };
    const [header = "", payload = "", signature = ""] = token.split(".");

    const kinds: [string, Record<string, string>][] = [
      ["empty cookie", { Cookie: asCookie("") }],
      ["one word", { Cookie: asCookie("admin") }],
      ["two segments", { Cookie: asCookie(`${header}.${payload}`) }],
      ["four segments", { Cookie: asCookie(`${token}.${signature}`) }],
      ["signature stripped", { Cookie: asCookie(`${header}.${payload}.`) }],
      [
        "another session's signature",
        { Cookie: asCookie(`${header}.${payload}.${other.token.split(".")[2]}`) },
      ],
      [
        "one flipped signature character",
        { Cookie: asCookie(`${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`) },
      ],
      ["alg None (capitalised)", { Cookie: asCookie(`${b64url({ alg: "None" })}.${b64url(base)}.`) }],
      [
        "alg NONE with the real signature",
        { Cookie: asCookie(`${b64url({ alg: "NONE" })}.${payload}.${signature}`) },
      ],
      ["alg HS512 with the real key", { Cookie: asCookie(await signed({ alg: "HS512" }, base)) }],
      ["alg HS384 with the real key", { Cookie: asCookie(await signed({ alg: "HS384" }, base)) }],
      [
        "header claims RS256 over an HMAC",
        { Cookie: asCookie(`${b64url({ alg: "RS256" })}.${payload}.${signature}`) },
      ],
      [
        "an embedded key (jwk) in the header",
        {
          Cookie: asCookie(
            await signed({ alg: "HS256", jwk: { kty: "oct", k: "YQ" } }, base, new TextEncoder().encode("a")),
          ),
        },
      ],
      [
        "signed with the password pepper",
        {
          Cookie: asCookie(
            await signed({ alg: "HS256" }, base, new TextEncoder().encode(secrets.PASSWORD_PEPPER)),
          ),
        },
      ],
      [
        "signed with an empty-looking key",
        { Cookie: asCookie(await signed({ alg: "HS256" }, base, new Uint8Array(32))) },
      ],
      ["not yet valid (nbf in an hour)", { Cookie: asCookie(await forge({ ...base, nbf: now() + 3600 })) }],
      ["no expiry", { Cookie: asCookie(await signed({ alg: "HS256" }, { ...base, exp: undefined })) }],
      ["no issued-at", { Cookie: asCookie(await signed({ alg: "HS256" }, { ...base, iat: undefined })) }],
      ["no subject", { Cookie: asCookie(await forge({ ...base, sub: undefined })) }],
      [
        "expiry as a string",
        { Cookie: asCookie(await signed({ alg: "HS256" }, { ...base, exp: String(now() + 600) })) },
      ],
      ["expired a minute ago", { Cookie: asCookie(await forge(base, { exp: now() - 60 })) }],
      ["session id as a number", { Cookie: asCookie(await forge({ ...base, sid: 12345 })) }],
      [
        "session id of someone else's live session",
        { Cookie: asCookie(await forge({ ...base, sid: other.sid })) },
      ],
      [
        "audience list without the admin",
        { Cookie: asCookie(await forge({ ...base, aud: ["gilded-needle/site"] })) },
      ],
      ["the right token without the __Host- prefix", { Cookie: `gn_admin=${token}` }],
      ["the right token as a bearer header", { Authorization: `Bearer ${token}` }],
      ["an 8 KB token", { Cookie: asCookie(`${header}.${"A".repeat(8192)}.${signature}`) }],
      ["padding and spaces around the token", { Cookie: asCookie(`${token}==`) }],
    ];
    expect(kinds.length).toBeGreaterThanOrEqual(26);
    for (const [kind, headers] of kinds) {
      const response = await adminCall("/api/admin/consultations", { headers });
      expect(response.status, kind).toBe(401);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code, kind).toBe("unauthorized");
    }
    // Both real sessions are untouched by all of it.
    expect((await sessionGet(live.cookie)).status).toBe(200);
    expect((await sessionGet(other.cookie)).status).toBe(200);
  });

  it("refuses a logged-out session's token even while it has not expired", async () => {
    const { cookie } = await liveSession();
    expect((await logout(cookie)).status).toBe(200);
    const replayed = await adminCall("/api/admin/consultations", { headers: { Cookie: cookie } });
    expect(replayed.status).toBe(401);
  });
});
