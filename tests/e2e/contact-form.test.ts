import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { messages } from "../../shared/schemas/fields";
import { unsafeContentMessage } from "../../shared/schemas/security-scan";
import { skipConsentDialog } from "../support/consent";
import { d1 } from "../support/d1";
import { humanPause, unique, useFormPages } from "../support/form-pages";
import { reloadReady } from "../support/islands";

/**
 * The contact form on /contact in a real Chromium against the served worker: what a visitor
 * sees, what is saved, and what hostile input gets.
 */
const baseUrl = inject("baseUrl");
const { open, newContext } = useFormPages();

/** Fills the contact form as a visitor would, top to bottom, and ticks the age confirmation. */
async function fillContactForm(
  page: Page,
  fields: { name: string; email: string; message: string; phone?: string; service?: string; news?: boolean },
) {
  await page.getByLabel("Name").fill(fields.name);
  await page.getByLabel("Email").fill(fields.email);
  if (fields.phone) await page.getByLabel("Phone").fill(fields.phone);
  if (fields.service) await page.getByLabel("Service interest").selectOption(fields.service);
  await page.locator("#contact-message").fill(fields.message);
  if (fields.news) await page.getByLabel(/Send me news/).check();
  await page.getByLabel("I confirm that I am 18 years of age or older").check();
}

describe("contact form on /contact", () => {
  it("sends a message, shows the success banner, resets, and the row is saved", async () => {
    const page = await open("/contact");
    const tag = unique();
    await fillContactForm(page, {
      name: "Zoë O'Neil",
      email: `zoe.${tag}@example.com`,
      phone: "(301) 555-0199",
      service: "coverup",
      message: `Cover-up of an old name, about 3" x 2" & fine-line roses. Ref ${tag}`,
    });
    await humanPause(page);
    await page.getByRole("button", { name: "Send Message" }).click();

    const banner = page.getByRole("status").filter({ hasText: "Thank you" });
    await expect
      .poll(() => banner.textContent())
      .toBe("✅ Thank you for your message! We'll get back to you within 24 hours.");
    expect(await page.locator("#contact-message").inputValue()).toBe("");
    expect(await page.evaluate(() => localStorage.getItem("gn:draft:contact"))).toBeNull();

    const rows = d1<{ status: string; phone: string; service_interest: string; name: string }>(
      `SELECT status, phone, service_interest, name FROM contact_submissions WHERE email = 'zoe.${tag}@example.com'`,
    );
    expect(rows).toEqual([
      { status: "unread", phone: "3015550199", service_interest: "coverup", name: "Zoë O'Neil" },
    ]);
    const outbox = d1<{ n: number }>(
      `SELECT COUNT(*) AS n FROM mail_queue o JOIN contact_submissions c ON c.id = o.subject_id AND o.kind = 'notification' WHERE c.email = 'zoe.${tag}@example.com'`,
    );
    expect(outbox[0]?.n).toBe(1);

    // The banner clears after 5 seconds.
    await page.clock.fastForward(5200);
    await expect.poll(() => banner.count()).toBe(0);
  });

  it("after a spam refusal empties the hidden field robots fill, so the visitor's next send goes through", async () => {
    const page = await open("/contact");
    const tag = unique();
    await fillContactForm(page, {
      name: "Priya Natarajan",
      email: `priya.${tag}@example.com`,
      message: "A small lotus behind the ear, fine line, please.",
    });
    // What a browser's autofill can do to the hidden field that only robots should fill.
    const honeypot = page.locator('input[name="website"]');
    await honeypot.fill("https://autofill.example", { force: true });
    await humanPause(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("We could not accept this form");
    expect(await honeypot.inputValue()).toBe("");

    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Thank you" }).count()).toBe(1);
    expect(d1(`SELECT id FROM contact_submissions WHERE email = 'priya.${tag}@example.com'`)).toHaveLength(1);
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

  // The rules (zod) are most of a form's code, and a visitor who only reads the page needs none of
  // them: they load when the visitor starts on the form, and still check before anything is sent.
  it("loads the form's checks only when the visitor starts on it, and checks before sending", async () => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    await skipConsentDialog(context);
    const page = await context.newPage();
    const scripts: Array<Promise<string>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/contact")) posts.push(request.url());
    });
    await page.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
    const carriesRules = async () => (await Promise.all(scripts)).some((text) => text.includes("jitless"));
    expect(await carriesRules()).toBe(false);

    await page.getByLabel("Name").focus();
    await expect.poll(carriesRules).toBe(true);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect
      .poll(() => page.locator("#contact-message-error").textContent())
      .toContain(messages.textRequired);
    expect(posts).toEqual([]);
  });

  it("keeps every typed value when sending fails, and after a reload", async () => {
    const page = await open("/contact");
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    await fillContactForm(page, {
      name: "Marcus Bell",
      email: "marcus.bell@example.com",
      phone: "202 555 0143",
      service: "small",
      message: "Traditional swallow and dagger, bold colour, flash-style.",
      news: true,
    });
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
    await reloadReady(page);
    await expect.poll(() => page.getByLabel("Name").inputValue()).toBe("Marcus Bell");
    await expectValues();
    expect(await page.getByText("Your unsent message was restored from this browser.").count()).toBe(1);
  });
});

describe("hostile input in the browser and over HTTP", () => {
  it("the contact form refuses script in the message with the generic message and sends nothing", async () => {
    const page = await open("/contact");
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/contact")) posted++;
    });
    await fillContactForm(page, {
      name: "Mallory Test",
      email: "mallory@example.com",
      message: 'Nice work <script>alert("x")</script> see you',
    });
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
