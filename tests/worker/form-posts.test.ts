import { env } from "cloudflare:test";
import { html as escaped } from "hono/html";
import { beforeEach, describe, expect, it } from "vitest";
import { consultationSuccessMessage, contactSuccessMessage } from "../../shared/content/form-messages";
import { messages } from "../../shared/schemas/fields";
import { FORM_TICKET_COOKIE, issueFormTicket } from "../../worker/features/requests/form-ticket";
import { quietLogs } from "./admin-support";
import { freshIp, send } from "./submission-support";

/**
 * The forms posted without JavaScript (POST /forms/<kind>): plain form bodies, answered with the
 * form's page. The static pages are stood in for by a page with the same form markup.
 */

const policy = "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-abc'";

/** The parts of a prerendered form page the worker rewrites. */
function pageFor(action: string, prefix: string): string {
  return `<!doctype html><html><head><title>Contact | Studio</title>
<script defer src="/after-first-paint.js" data-entry="/assets/site-1.js" data-chunks="/assets/c.js"></script></head>
<body><div class="book-layout"><aside>What to expect</aside>
<form method="post" action="${action}" class="studio-form" novalidate>
<div class="form-field"><label for="${prefix}-name">Name</label><input id="${prefix}-name" name="name" type="text" value=""/></div>
<div class="form-field"><label for="${prefix}-email">Email</label><input id="${prefix}-email" name="email" type="email" value=""/></div>
<div class="form-field"><label for="${prefix}-phone">Phone</label><input id="${prefix}-phone" name="phone" type="tel" value=""/></div>
<div class="form-field"><label for="${prefix}-size">Size</label><select id="${prefix}-size" name="size"><option value="" selected="">Choose</option><option value="Medium (4-6 inches)">Medium (4-6 inches)</option></select></div>
<div class="form-field"><label for="${prefix}-message">Message</label><textarea id="${prefix}-message" name="${prefix === "contact" ? "message" : "tattooIdea"}" aria-describedby="${prefix}-message-count"></textarea><p id="${prefix}-message-count" data-max="1000">0 / 1000 characters</p></div>
<div class="form-check"><input id="${prefix}-age" name="ageVerification" type="checkbox"/><label for="${prefix}-age">I am 18</label></div>
<div class="form-honeypot"><input name="website" type="text" value=""/></div>
<noscript><img class="form-ticket" src="/forms/ticket" alt="" hidden/></noscript>
<button type="submit">Send</button>
<div class="form-status-region" role="status"></div><div class="form-status-region" role="alert"></div>
</form></div></body></html>`;
}

// Nothing is published in these tests, so a form's page is the build's (the small page above),
// as the page pipeline serves it before a first publish, warning that no version could be read.
beforeEach(() => {
  quietLogs();
});

const assets = {
  fetch: async (request: Request) => {
    const path = new URL(request.url).pathname;
    const html =
      path === "/contact"
        ? pageFor("/forms/contact", "contact")
        : pageFor("/forms/consultations", "consultation");
    return new Response(html, {
      headers: { "Content-Type": "text/html", "Content-Security-Policy": policy },
    });
  },
} as unknown as Fetcher;

const origin = "https://studio.test";

async function ticket(ageMs = 10_000): Promise<string> {
  return `${FORM_TICKET_COOKIE}=${(await issueFormTicket(env.JWT_SECRET, Date.now() - ageMs)) ?? ""}`;
}

async function postForm(
  path: string,
  fields: Record<string, string>,
  { cookie, headers = {}, body }: { cookie?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return send(
    path,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin,
        "Sec-Fetch-Site": "same-origin",
        "CF-Connecting-IP": freshIp(),
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      body: body ?? new URLSearchParams(fields).toString(),
      redirect: "manual",
    },
    { ASSETS: assets },
  );
}

const contactFields = (email: string) => ({
  name: "Alicia Moreno",
  email,
  phone: "(301) 555-0111",
  service: "small",
  message: "Do you have time for a small fine-line sprig of lavender next month?",
  newsletter: "on",
  ageVerification: "on",
  website: "",
});

/** The contact form posted with a fresh ticket and refused: the answer, to read the page sent back. */
async function refusedContact(fields: Record<string, string>) {
  const response = await postForm("/forms/contact", fields, { cookie: await ticket() });
  expect(response.status).toBe(400);
  return response;
}

const withoutAge = ({ ageVerification: _, ...fields }: Record<string, string>) => fields;

const contactRows = (email: string) =>
  env.DB.prepare(
    "SELECT name, phone, message, newsletter_signup AS newsletter FROM contact_submissions WHERE email = ?",
  )
    .bind(email)
    .all();

describe("forms posted without JavaScript", () => {
  it("saves a valid contact message, redirects to the page saying so, and saves a repeated post once", async () => {
    const cookie = await ticket();
    const email = "form.post@example.com";
    const response = await postForm("/forms/contact", contactFields(email), { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/forms/contact/sent#form-sent");
    const again = await postForm("/forms/contact", contactFields(email), { cookie });
    expect(again.status).toBe(303);
    expect((await contactRows(email)).results).toEqual([
      {
        name: "Alicia Moreno",
        phone: "3015550111",
        message: contactFields(email).message,
        newsletter: 1,
      },
    ]);

    const sent = await send("/forms/contact/sent", {}, { ASSETS: assets });
    expect(sent.status).toBe(200);
    const html = await sent.text();
    expect(html).toContain(
      `id="form-sent" class="form-banner form-banner--success" role="status" tabindex="-1">${escaped`${contactSuccessMessage}`}`,
    );
    // The page stays a plain page: its scripts are gone, the no-JavaScript styles are in.
    expect(html).not.toContain("<script");
    expect(html).toContain('href="/noscript.css"');
    expect(sent.headers.get("Content-Security-Policy")).toBe(policy);
  });

  it("answers a consultation request with the 'Request Sent!' screen in place of the form", async () => {
    const cookie = await ticket();
    const response = await postForm(
      "/forms/consultations",
      {
        name: "Devon Carter",
        email: "devon.form@example.com",
        phone: "+1 240 555 0172",
        tattooIdea: "Black and grey realism of my dog, about five inches tall.",
        size: "Medium (4-6 inches)",
        ageVerification: "on",
      },
      { cookie },
    );
    expect(response.status).toBe(303);
    const location = response.headers.get("Location") ?? "";
    // The request's private status page rides to the confirmation, which links to it.
    const token = /[?&]request=([A-Za-z0-9_-]{43})#/.exec(location)?.[1];
    expect(token).toBeTruthy();
    const sent = await send(location, {}, { ASSETS: assets });
    expect(sent.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await sent.text();
    expect(html).toContain("Request Sent!");
    // The way on is the private page: the first and main button, above any booking link.
    const buttons = [...html.matchAll(/<a class="button ([\w-]+)" href="([^"]+)"/g)].map(([, kind, href]) => [
      kind,
      href,
    ]);
    expect(buttons[0]).toEqual(["button--primary", `/requests/${token}`]);
    expect(buttons.slice(1).every(([kind]) => kind === "button--ghost")).toBe(true);
    expect(html).toContain(String(escaped`${consultationSuccessMessage}`));
    expect(html).not.toContain("<form");
    const rows = await env.DB.prepare("SELECT size FROM consultation_requests WHERE email = ?")
      .bind("devon.form@example.com")
      .all();
    expect(rows.results).toEqual([{ size: "Medium (4-6 inches)" }]);
  });

  it("answers bad input with the form page: what was typed, each error under its field, a summary, nothing saved", async () => {
    const email = "not-an-email";
    const response = await refusedContact({
      ...withoutAge(contactFields(email)),
      name: 'Al "<b> &amp;',
      message: "short",
    });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('value="not-an-email"');
    // Typed text comes back as text, never as markup.
    expect(html).toContain('value="Al &quot;<b> &amp;amp;" aria-invalid="true"');
    expect(html).toContain(">short</textarea>");
    expect(html).toContain(
      `id="contact-email-error" class="form-field__error"><span aria-hidden="true">⚠ </span>${messages.emailFormat}`,
    );
    expect(html).toContain("5 / 1000 characters");
    expect(html).toContain(messages.ageRequired);
    expect(html).toContain("Please check:");
    expect(html).toContain('aria-describedby="contact-name-error" autofocus');
    expect((await contactRows(email)).results).toEqual([]);
  });

  it("refuses a post without a fill-time ticket as too quick, keeps what was typed and hands out a ticket", async () => {
    const email = "no.ticket@example.com";
    const response = await postForm("/forms/contact", contactFields(email));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("quicker than we expected");
    expect(response.headers.get("Set-Cookie")).toContain(`${FORM_TICKET_COOKIE}=`);
    const fresh = await postForm("/forms/contact", contactFields(email), { cookie: await ticket(500) });
    expect(fresh.status).toBe(400);
    const forged = await postForm("/forms/contact", contactFields(email), {
      cookie: `${FORM_TICKET_COOKIE}=1.00000000000000000000000000000000.abc`,
    });
    expect(forged.status).toBe(400);
    expect((await contactRows(email)).results).toEqual([]);
  });

  it.each([
    [
      "answers script in a field with the generic refusal and gives the text back as text",
      {
        email: "markup@example.com",
        typed: { message: "Nice work </textarea><script>alert(1)</script>" },
        shown: "&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>",
        never: "<script>alert",
      },
    ],
    [
      "refuses a filled honeypot and never sends its value back",
      {
        email: "honey@example.com",
        typed: { website: "http://spam.example" },
        shown: "We could not accept this form",
        never: "spam.example",
      },
    ],
  ])("%s", async (_, { email, typed, shown, never }) => {
    const html = await (await refusedContact({ ...contactFields(email), ...typed })).text();
    expect(html).toContain(shown);
    expect(html).not.toContain(never);
    expect((await contactRows(email)).results).toEqual([]);
  });

  it("refuses a cross-site post, a body over the limit and a body that is not a form", async () => {
    const cookie = await ticket();
    const crossSite = await postForm("/forms/contact", contactFields("x@example.com"), {
      cookie,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const big = await postForm("/forms/contact", {}, { cookie, body: `message=${"x".repeat(40_000)}` });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("more text than the form can take");
    const json = await postForm(
      "/forms/contact",
      {},
      {
        cookie,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(contactFields("x@example.com")),
      },
    );
    expect(json.status).toBe(415);
  });

  it("says that the security check needs JavaScript when Turnstile is on, and sends a form's address back to its page", async () => {
    const response = await send(
      "/forms/contact",
      {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin,
          "CF-Connecting-IP": freshIp(),
          Cookie: await ticket(),
        },
        body: new URLSearchParams(contactFields("turnstile@example.com")).toString(),
      },
      { ASSETS: assets, TURNSTILE_SECRET_KEY: "test-secret" },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("security check runs only with JavaScript");
    expect(html).toContain('value="turnstile@example.com"');
    const back = await send("/forms/consultations", { redirect: "manual" });
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe("/book-consultation");
  });

  it("hands out a signed ticket from the form's image, for the forms' path only", async () => {
    const response = await send("/forms/ticket");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/gif");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${FORM_TICKET_COOKIE}=\\d+\\.[0-9a-f]{32}\\.[0-9a-f]{64}`));
    expect(cookie).toContain("Path=/forms");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
  });
});
