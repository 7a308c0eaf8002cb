import { spawnSync } from "node:child_process";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { messages } from "../../shared/schemas/fields";
import { unsafeContentMessage } from "../../shared/schemas/security-scan";
import { studio } from "../../shared/studio";
import { launchBrowser } from "../support/browser";
import { skipConsentDialog } from "../support/consent";

const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

async function open(path: string, width = 1280): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 900 } });
  // A visitor who already chose "Essential only": the consent dialog would make the page inert.
  await skipConsentDialog(context);
  // Fail with the locator's own message rather than the test's timeout.
  context.setDefaultTimeout(8000);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  return page;
}

/** Rows in the served worker's local D1 (the state tests/e2e/global-setup.ts starts). */
function query<T>(sql: string): T[] {
  const result = spawnSync(
    "npx",
    [
      "--no-install",
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      ".wrangler/e2e-state",
      "--json",
      "--command",
      sql,
    ],
    {
      encoding: "utf8",
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    },
  );
  if (result.status !== 0) throw new Error(`d1 execute failed: ${result.stderr}`);
  const parsed = JSON.parse(result.stdout) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}

/** The forms refuse submissions faster than a person (MIN_FILL_MS, 3 s): wait like one. */
const humanPause = (page: Page) => page.waitForTimeout(3200);

const unique = () => Math.random().toString(36).slice(2, 8);

describe("contact form on /contact", () => {
  it("sends a message, shows the spec's success banner, resets, and the row is saved", async () => {
    const page = await open("/contact");
    const tag = unique();
    await page.getByLabel("Name").fill("Zoë O'Neil");
    await page.getByLabel("Email").fill(`zoe.${tag}@example.com`);
    await page.getByLabel("Phone").fill("(301) 555-0199");
    await page.getByLabel("Service interest").selectOption("coverup");
    await page
      .locator("#contact-message")
      .fill(`Cover-up of an old name, about 3" x 2" & fine-line roses. Ref ${tag}`);
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await humanPause(page);
    await page.getByRole("button", { name: "Send Message" }).click();

    const banner = page.getByRole("status").filter({ hasText: "Thank you" });
    await expect
      .poll(() => banner.textContent())
      .toBe("✅ Thank you for your message! We'll get back to you within 24 hours.");
    expect(await page.locator("#contact-message").inputValue()).toBe("");
    expect(await page.evaluate(() => localStorage.getItem("gn:draft:contact"))).toBeNull();

    const rows = query<{ status: string; phone: string; service_interest: string; name: string }>(
      `SELECT status, phone, service_interest, name FROM contact_submissions WHERE email = 'zoe.${tag}@example.com'`,
    );
    expect(rows).toEqual([
      { status: "unread", phone: "3015550199", service_interest: "coverup", name: "Zoë O'Neil" },
    ]);
    const outbox = query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM notification_outbox o JOIN contact_submissions c ON c.id = o.submission_id WHERE c.email = 'zoe.${tag}@example.com'`,
    );
    expect(outbox[0]?.n).toBe(1);

    // The banner clears after 5 seconds (public-site.md 4).
    await page.waitForTimeout(5200);
    expect(await banner.count()).toBe(0);
  });

  it("shows each error under its field, announces them and moves focus to the first invalid field", async () => {
    const page = await open("/contact", 390);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    const name = page.getByLabel("Name");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await name.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`#${describedBy.split(" ").pop()}`).textContent()).toContain(
      messages.nameRequired,
    );
    expect(await page.locator("#contact-email-error").textContent()).toContain(messages.emailFormat);
    expect(await page.locator("#contact-message-error").textContent()).toContain(messages.textRequired);
    expect(await page.locator("#contact-age-error").textContent()).toContain(messages.ageRequired);
    expect(await page.getByRole("alert").textContent()).toContain(
      "❌ Sorry, there was an error sending your message. Please try again or contact us directly.",
    );
  });

  it("keeps every typed value when sending fails, and after a reload", async () => {
    const page = await open("/contact");
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    await page.getByLabel("Name").fill("Marcus Bell");
    await page.getByLabel("Email").fill("marcus.bell@example.com");
    await page.getByLabel("Phone").fill("202 555 0143");
    await page.getByLabel("Service interest").selectOption("small");
    await page.locator("#contact-message").fill("Traditional swallow and dagger, bold colour, flash-style.");
    await page.getByLabel(/Send me news/).check();
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Sorry, there was an error");

    const expectValues = async () => {
      expect(await page.getByLabel("Name").inputValue()).toBe("Marcus Bell");
      expect(await page.getByLabel("Email").inputValue()).toBe("marcus.bell@example.com");
      expect(await page.getByLabel("Phone").inputValue()).toBe("202 555 0143");
      expect(await page.getByLabel("Service interest").inputValue()).toBe("small");
      expect(await page.locator("#contact-message").inputValue()).toBe(
        "Traditional swallow and dagger, bold colour, flash-style.",
      );
      expect(await page.getByLabel(/Send me news/).isChecked()).toBe(true);
      expect(await page.getByLabel("I confirm that I am 18 years of age or older").isChecked()).toBe(true);
    };
    await expectValues();
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => page.getByLabel("Name").inputValue()).toBe("Marcus Bell");
    await expectValues();
    expect(await page.getByText("Your unsent message was restored from this browser.").count()).toBe(1);
  });
});

describe("without JavaScript", () => {
  it("the contact form cannot be sent natively (no fields in a URL) and says how to reach the studio", async () => {
    context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/contact`);
    expect(await page.locator("button[type=submit]").isDisabled()).toBe(true);
    expect(await page.locator("table.availability__table tbody tr").count()).toBe(7);
    expect(await page.content()).toContain("This form needs JavaScript");
  });
});

describe("hostile input in the browser and over HTTP", () => {
  it("the contact form refuses script in the message with the generic message and sends nothing", async () => {
    const page = await open("/contact");
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/contact")) posted++;
    });
    await page.getByLabel("Name").fill("Mallory Test");
    await page.getByLabel("Email").fill("mallory@example.com");
    await page.locator("#contact-message").fill('Nice work <script>alert("x")</script> see you');
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain(unsafeContentMessage);
    expect(posted).toBe(0);
    expect(await page.locator("#contact-message").inputValue()).toContain("<script>");
  });

  it("the served worker answers oversized, non-JSON and hostile bodies with 413, 415 and 400", async () => {
    const url = `${baseUrl}/api/consultations`;
    const json = { "Content-Type": "application/json" };
    const big = await fetch(url, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ pad: "x".repeat(40_000) }),
    });
    expect(big.status).toBe(413);
    const text = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "hello",
    });
    expect(text.status).toBe(415);
    const hostile = await fetch(url, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        name: "Bob",
        email: "b@example.com",
        tattooIdea: "x' UNION SELECT * FROM admins --",
      }),
    });
    expect(hostile.status).toBe(400);
    expect(await hostile.json()).toEqual({
      error: { code: "unsafe_content", message: unsafeContentMessage },
    });
  });
});

describe("consultation request on /book-consultation", () => {
  it("opens with the tattoo idea filled in when an idea is carried over in the link", async () => {
    const idea = "Flash design \u201cBlack cat\u201d (flash-009), on my ankle";
    const page = await open(`/book-consultation?idea=${encodeURIComponent(idea)}`);
    await expect.poll(() => page.getByLabel(/Tattoo idea/).inputValue()).toBe(idea);
    expect(new URL(page.url()).searchParams.has("idea")).toBe(false);
    await page.reload({ waitUntil: "networkidle" });
    // The draft keeps it; the link's parameter is gone, so later edits are never overwritten.
    await expect.poll(() => page.getByLabel(/Tattoo idea/).inputValue()).toBe(idea);
  });

  it("reveals and hides the form, shows 'Preparing Request...', then 'Request Sent!' with its three links", async () => {
    const page = await open("/book-consultation");
    expect(await page.getByRole("heading", { name: "What to expect" }).count()).toBe(1);
    expect(await page.locator(`.expect-box a[href="tel:${studio.phone.e164}"]`).count()).toBe(1);
    expect(await page.locator("#consultation-form").count()).toBe(0);

    await page.getByRole("button", { name: "Start Your Request" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await page.getByRole("button", { name: "Hide Form" }).click();
    expect(await page.locator("#consultation-form").count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("Start Your Request");
    await page.getByRole("button", { name: "Start Your Request" }).click();

    const tag = unique();
    await page.getByLabel("Full name").fill("Devon Carter");
    await page.getByLabel("Email").fill(`devon.${tag}@example.com`);
    await page.getByLabel("Phone").fill("+1 240 555 0172");
    await page
      .getByLabel("Tattoo idea")
      .fill(`Black & grey realism of my dog "Juno", 5" tall; drop shadow. ${tag}`);
    await page.getByLabel("Size").selectOption("Medium (4-6 inches)");
    await page.getByLabel("Placement").fill("Right upper arm");
    await page.getByLabel("Timeframe").selectOption("2-3 months");
    await page.getByLabel("Tattoo experience").selectOption("1-2 tattoos");
    await page.getByLabel("Budget").selectOption("$600-800");
    await page.getByLabel("Availability").fill("Thursday or Friday afternoons");
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await humanPause(page);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/consultations", async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect.poll(() => page.locator("button[type=submit]").textContent()).toBe("Preparing Request...");
    release();

    await expect.poll(() => page.getByRole("heading", { name: "Request Sent!" }).count()).toBe(1);
    expect(await page.locator(".request-sent__message").textContent()).toBe(
      "Consultation request submitted successfully! We'll contact you within 24 hours to schedule your free session.",
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const booking = page.getByRole("link", { name: /Book Your Appointment/ });
    expect(await booking.getAttribute("href")).toBe("https://book.gildedneedletattoo.com/");
    expect(await booking.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await page.getByRole("link", { name: "View Portfolio" }).getAttribute("href")).toBe("/gallery");
    expect(await page.getByRole("link", { name: "Contact Info" }).getAttribute("href")).toBe("/contact");
    expect(await page.evaluate(() => localStorage.getItem("gn:draft:consultation"))).toBeNull();

    const rows = query<Record<string, string>>(
      `SELECT status, phone, size, budget, placement FROM consultation_requests WHERE email = 'devon.${tag}@example.com'`,
    );
    expect(rows).toEqual([
      {
        status: "pending",
        phone: "+12405550172",
        size: "Medium (4-6 inches)",
        budget: "$600-800",
        placement: "Right upper arm",
      },
    ]);
  });

  it("lists the failing fields under 'Please check:' with the studio phone, then clears the banner after 5 s", async () => {
    const page = await open("/book-consultation", 390);
    await page.getByRole("button", { name: "Start Your Request" }).click();
    await page.getByLabel("Full name").fill("Al");
    await page.getByLabel("Phone").fill("555-0142");
    await page.getByRole("button", { name: "Send Request" }).click();

    const alert = page.getByRole("alert");
    await expect
      .poll(() => alert.textContent())
      .toContain("Sorry, there was an error submitting your request.");
    expect(await alert.locator("li").allTextContents()).toEqual([
      `Email: ${messages.emailRequired}`,
      `Phone: ${messages.phoneLength}`,
      `Tattoo idea: ${messages.textRequired}`,
      `Age confirmation: ${messages.ageRequired}`,
    ]);
    expect(await alert.textContent()).toContain("Please check:");
    expect(await alert.textContent()).toContain(
      `You can also contact us directly at ${studio.phone.display}`,
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");
    expect(await page.locator("#consultation-phone-error").textContent()).toContain(messages.phoneLength);
    await page.waitForTimeout(5200);
    expect(await alert.locator(".form-banner").count()).toBe(0);
    // The field errors stay until the visitor fixes the field.
    expect(await page.locator("#consultation-phone-error").count()).toBe(1);
  });

  it("keeps every typed value when the database is down (503), and after a reload the form reopens with them", async () => {
    const page = await open("/book-consultation");
    // The worker's own answer when D1 is unreachable (worker/app.ts; tests/worker/faults.test.ts).
    const outage = `We couldn't reach our database just now, so nothing was saved. Please try again in a minute, or call the studio at ${studio.phone.display}.`;
    await page.route("**/api/consultations", (route) =>
      route.fulfill({
        status: 503,
        headers: { "Retry-After": "30" },
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "unavailable", message: outage } }),
      }),
    );
    await page.getByRole("button", { name: "Start Your Request" }).click();
    const values: [string, string][] = [
      ["Full name", "Hannah Whitfield"],
      ["Email", "hannah.w@example.com"],
      ["Phone", "443-555-0126"],
      ["Tattoo idea", "Geometric moon phases down my spine, thin lines with dotwork shading."],
      ["Placement", "Spine"],
      ["Availability", "Sunday afternoons"],
    ];
    for (const [label, value] of values) await page.getByLabel(label).fill(value);
    await page.getByLabel("Size").selectOption("Large (7+ inches)");
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Sorry, there was an error");
    expect(await page.getByRole("alert").textContent()).toContain(outage);

    const check = async () => {
      for (const [label, value] of values) expect(await page.getByLabel(label).inputValue()).toBe(value);
      expect(await page.getByLabel("Size").inputValue()).toBe("Large (7+ inches)");
      expect(await page.getByLabel("I confirm that I am 18 years of age or older").isChecked()).toBe(true);
    };
    await check();
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => page.locator("#consultation-form").count()).toBe(1);
    await check();
  });
});
