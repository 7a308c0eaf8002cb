import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import app from "../../../worker/app";
import {
  adminCall,
  createAdmin,
  ORIGIN,
  postLogin,
  quietLogs,
  send,
  sessionGet,
  signedInAdmin,
} from "../admin-support";
import { addConsultation, addContact } from "../inbox-support";

// Every cross-site variant the outsider tried, on every state-changing admin route, with a valid
// session cookie attached (what a forged page in the artist's browser would ride on). Each must
// be refused with 403 cross_origin and change nothing; the same request from the site's own
// origin goes through, so the refusals are not an accident of something else. The routes are
// read from the app itself, so a route added later is covered without anyone listing it.

beforeEach(() => {
  quietLogs();
});

const variants: [string, Record<string, string>][] = [
  ["a foreign origin", { Origin: "https://evil.example" }],
  ["Origin: null (sandboxed frame, data: URL)", { Origin: "null" }],
  ["the site over plain http", { Origin: "http://studio.test" }],
  ["the site on another port", { Origin: "https://studio.test:8443" }],
  ["a subdomain", { Origin: "https://admin.studio.test" }],
  ["a look-alike suffix", { Origin: "https://studio.test.evil.example" }],
  ["a trailing slash", { Origin: "https://studio.test/" }],
  ["upper case", { Origin: "HTTPS://STUDIO.TEST" }],
  ["two origins in one header", { Origin: `${ORIGIN}, https://evil.example` }],
  ["the right origin, Sec-Fetch-Site cross-site", { Origin: ORIGIN, "Sec-Fetch-Site": "cross-site" }],
  ["the right origin, Sec-Fetch-Site same-site", { Origin: ORIGIN, "Sec-Fetch-Site": "same-site" }],
  ["the right origin, Sec-Fetch-Site none", { Origin: ORIGIN, "Sec-Fetch-Site": "none" }],
  ["no Origin, Sec-Fetch-Site same-origin", { "Sec-Fetch-Site": "same-origin" }],
  ["no Origin, a same-site Referer", { Referer: `${ORIGIN}/admin/` }],
  ["no Origin at all", {}],
];

/** Every state-changing route under /api/admin, as the app registers it, once per method and path. */
const stateChangingAdminRoutes = [
  ...new Set(
    app.routes
      .filter(
        (route) =>
          ["POST", "PUT", "PATCH", "DELETE"].includes(route.method) &&
          route.path.startsWith("/api/admin/") &&
          !route.path.includes("*"),
      )
      .map((route) => `${route.method} ${route.path}`),
  ),
].map((key) => {
  const [method = "", path = ""] = key.split(" ");
  // Any value for a path parameter: the refusal must come before anything looks the row up.
  return {
    method,
    path: path.replace(/:(\w+)/g, (_, name: string) => (name === "date" ? "2031-01-02" : "x1")),
  };
});

async function auditEntries(entityId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?")
    .bind(entityId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("cross-site requests to the admin area", () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = (await signedInAdmin()).cookie;
  });

  it("refuses every variant on PATCH of a consultation and of a contact message, changing nothing", async () => {
    const consultation = await addConsultation();
    const contact = await addContact();
    const routes = [
      {
        id: consultation.id,
        path: `/api/admin/consultations/${consultation.id}`,
        body: { status: "contacted" },
      },
      { id: contact.id, path: `/api/admin/contacts/${contact.id}`, body: { status: "responded" } },
    ];
    for (const route of routes) {
      for (const [variant, headers] of variants) {
        const response = await adminCall(route.path, {
          method: "PATCH",
          headers: { Cookie: cookie, "Content-Type": "application/json", ...headers },
          body: JSON.stringify(route.body),
        });
        expect(response.status, `${route.path}: ${variant}`).toBe(403);
        const body = (await response.json()) as { error: { code: string } };
        expect(body.error.code, variant).toBe("cross_origin");
      }
      // Nothing was written: the audit log has no entry for the row until the site itself asks.
      expect(await auditEntries(route.id)).toBe(0);
      const same = await send("PATCH", route.path, cookie, route.body);
      expect(same.status).toBe(200);
      expect(((await same.json()) as { item: { status: string } }).item.status).toBe(route.body.status);
      expect(await auditEntries(route.id)).toBe(1);
    }
  });

  it("refuses every variant on sign-out, and the session survives all of them", async () => {
    for (const [variant, headers] of variants) {
      const response = await adminCall("/api/admin/logout", {
        method: "POST",
        headers: { Cookie: cookie, ...headers },
      });
      expect(response.status, variant).toBe(403);
    }
    expect((await sessionGet(cookie)).status).toBe(200);
  });

  it("refuses every variant on every state-changing admin route the app has, writing nothing", async () => {
    // The 28 routes there were when this test began reading them from the app; more is fine.
    expect(stateChangingAdminRoutes.length).toBeGreaterThanOrEqual(28);
    const audited = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log").first<{ n: number }>())?.n ?? 0;
    const before = await audited();
    for (const route of stateChangingAdminRoutes) {
      for (const [variant, headers] of variants) {
        const response = await adminCall(route.path, {
          method: route.method,
          headers: { Cookie: cookie, "Content-Type": "application/json", ...headers },
          body: "{}",
        });
        expect(response.status, `${route.method} ${route.path}: ${variant}`).toBe(403);
        const body = (await response.json()) as { error: { code: string } };
        expect(body.error.code, `${route.method} ${route.path}: ${variant}`).toBe("cross_origin");
      }
    }
    expect(await audited()).toBe(before);
    expect((await sessionGet(cookie)).status).toBe(200);
  });

  it("refuses a cross-site sign-in attempt before checking any password", async () => {
    const account = await createAdmin();
    const response = await postLogin(
      { email: account.email, password: account.password },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__Host-gn_admin="))).toBe(false);
  });
});
