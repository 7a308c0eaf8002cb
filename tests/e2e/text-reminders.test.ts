// Text reminders in the browser: a client with a booked session turns them on from their page on
// a phone without JavaScript (number, then the code the local fake of Twilio received), and the
// artist sees the texts on the request's card and previews her templates on the Schedule.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { adminOnRequestCard, useAdminAccount } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { d1, requestWithAcceptedQuote, statusLinkFor } from "../support/d1";
import { unique, useFormPages } from "../support/form-pages";

const baseUrl = inject("baseUrl");
const smsUrl = inject("smsUrl");
const { newContext } = useFormPages();
const account = useAdminAccount("texts@e2e-studio.test", "a text reminders e2e passphrase 61");
const shots = process.env.TEXT_SHOTS;

/** A request with a session booked five days ahead and a live status link: its id and path. */
function bookedRequest(name: string, tag: string) {
  const { id, quoteId } = requestWithAcceptedQuote({
    name,
    email: `texts.${tag}@example.com`,
    phone: "+1 240 555 0191",
    idea: `A fine-line moth on the forearm. ${tag}`,
    status: "scheduled",
  });
  const startsAt = new Date(Date.now() + 5 * 86_400_000);
  d1(
    "INSERT INTO bookings (id, submission_id, quote_id, starts_at, ends_at) VALUES (?, ?, ?, ?, ?)",
    randomUUID(),
    id,
    quoteId,
    startsAt.toISOString(),
    new Date(startsAt.getTime() + 150 * 60_000).toISOString(),
  );
  return { id, path: `/requests/${statusLinkFor(id)}` };
}

describe("text reminders", () => {
  it("at 390 px without JavaScript: a number confirmed by its code; the artist sees the texts and previews hers", async () => {
    const tag = unique();
    const name = "Mira Textwalk";
    const { path } = bookedRequest(name, tag);
    const phone = `+1301555${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const client = await newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200) + 20}` },
    });
    client.setDefaultTimeout(8000);
    const page = await client.newPage();
    await page.goto(`${baseUrl}${path}#texts`);
    const card = page.locator("#texts");
    expect(await card.getByRole("heading", { name: "Text reminders" }).count()).toBe(1);
    if (shots) await card.screenshot({ path: `${shots}/texts-offer-390.png` });

    await card.getByLabel("Mobile number").fill(phone.slice(2));
    await card.getByRole("button", { name: "Text me a code" }).click();
    await page.waitForURL(/texts=code-sent/);
    const sent = (await (await fetch(`${smsUrl}/sent`)).json()) as { to: string; body: string }[];
    const code = /\b(\d{6})\b/.exec(sent.filter((text) => text.to === phone).at(-1)?.body ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const pending = page.locator("#texts");
    expect(await pending.textContent()).toContain(`the number ending ${phone.slice(-4)}`);
    if (shots) await pending.screenshot({ path: `${shots}/texts-code-390.png` });
    await pending.getByLabel("Code from the text").fill(code);
    await pending.getByRole("button", { name: "Turn text reminders on" }).click();
    await page.waitForURL(/texts=on/);
    expect(await page.locator("#texts").textContent()).toContain("Text reminders are on");
    if (shots) await page.locator("#texts").screenshot({ path: `${shots}/texts-on-390.png` });
    // The card passes axe as a browser with scripts sees it too (axe itself needs them).
    const scripted = await (
      await newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true })
    ).newPage();
    await scripted.goto(`${baseUrl}${path}?texts=on#texts`);
    expect(await axeViolations(scripted)).toEqual([]);
    if (shots) {
      await scripted.setViewportSize({ width: 1280, height: 900 });
      await scripted.locator("#texts").screenshot({ path: `${shots}/texts-on-1280.png` });
    }

    const admin = await adminOnRequestCard(
      page,
      account,
      { width: 1280, address: "2001:db8:7e47::1280", bypassCSP: true },
      { tag, name },
    );
    const texts = admin.page.locator(".admin-texts");
    await expect
      .poll(() => texts.locator("summary").textContent())
      .toContain(`Text reminders on (…${phone.slice(-4)})`);
    await texts.locator("summary").click();
    expect(await texts.textContent()).toContain("Code");
    expect(await texts.textContent()).not.toContain(code);
    if (shots) await texts.screenshot({ path: `${shots}/admin-texts-1280.png` });

    await admin.page.getByRole("link", { name: "Schedule", exact: true }).click();
    const panel = admin.page.locator(".admin-texts-settings");
    await expect.poll(() => panel.getByLabel("Reminder before a session").inputValue()).toContain("{time}");
    await panel.getByRole("button", { name: "Preview the texts" }).click();
    await expect
      .poll(() => panel.locator("output").first().textContent())
      .toMatch(/^Hi Dana, a reminder from/);
    await panel.getByLabel("Reminder before a session").fill("See you soon");
    await panel.getByRole("button", { name: "Save text settings" }).click();
    await expect
      .poll(() => panel.locator(".admin-field-error").first().textContent())
      .toBe("Must contain {time}");
    expect(await axeViolations(admin.page)).toEqual([]);
    if (shots) await panel.screenshot({ path: `${shots}/admin-text-settings-1280.png` });
  });
});
