import { describe, expect, inject, it } from "vitest";
import { searchRequests, signedInBeside, useAdminAccount } from "../support/admin-browser";
import { axeViolations } from "../support/axe";
import { d1 } from "../support/d1";
import { sendRequestByApi, unique, useFormPages, waitForFillTime } from "../support/form-pages";

const baseUrl = inject("baseUrl");
const { newContext, phoneWithoutScript } = useFormPages();
const account = useAdminAccount("status-artist@e2e-studio.test", "a status link e2e passphrase 47");
const shots = process.env.STATUS_PAGE_SHOTS;

describe("a request's private status page at 390 px", () => {
  it("is linked from 'Request Sent!', shows the stage and the reply time, and 404s once the artist revokes it", async () => {
    const tag = unique();
    // Names take letters only; the tag that makes the request this test's own is in the idea.
    const name = "Juno Statuspage";
    const page = await phoneWithoutScript();
    const context = page.context();
    await page.goto(`${baseUrl}/book-consultation`);
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Email").fill(`juno.${tag}@example.com`);
    await page.getByLabel("Phone").fill("+1 240 555 0172");
    await page.getByLabel("Tattoo idea").fill(`A <b>fine-line</b> portrait of my dog & her "ball". ${tag}`);
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await waitForFillTime(context);
    await page.getByRole("button", { name: "Send Request" }).click();
    await page.waitForURL(/\/forms\/consultations\/sent\?request=[\w-]{43}#form-sent$/);
    expect(await page.getByRole("heading", { name: "Request Sent!" }).count()).toBe(1);

    const link = page.getByRole("link", { name: "see your request's status" });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/requests\/[\w-]{43}$/);
    await link.click();
    await page.waitForURL(`${baseUrl}${href}`);
    expect(await page.title()).toBe("Your consultation request | Gilded Needle Tattoo");
    expect(await page.getByRole("heading", { name: "Where it stands: Received" }).count()).toBe(1);
    expect(await page.locator('[aria-current="step"]').textContent()).toContain("Received");
    expect(await page.locator(".request-status__due").textContent()).toMatch(
      /^Reply due by \w+day, \w+ \d+( at)? \d+:\d\d [AP]M E[SD]T, within 24 hours of your request\.$/,
    );
    // What was typed comes back as text, never markup.
    expect(await page.getByText(`A <b>fine-line</b> portrait of my dog & her "ball". ${tag}`).count()).toBe(
      1,
    );
    expect(await page.locator(".request-sent-fields b").count()).toBe(0);
    // Laid out for a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) await page.screenshot({ path: `${shots}/status-390.png`, fullPage: true });

    // Another request of this test's, waiting 30 hours for its reply: the inbox says so.
    d1(
      `INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, status, created_at)
       VALUES (?1, 'Riley Overdue', 'riley@example.com', '3015550100', 'A small compass ' || ?1, 'pending',
               strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 hours'))`,
      tag,
    );

    // The artist revokes it from the request's card.
    const admin = await signedInBeside(page, account, {
      width: 390,
      address: "2001:db8:5ta::390",
    });
    await searchRequests(admin.page, tag);
    await expect.poll(() => admin.page.locator(".admin-card").count()).toBe(2);
    const overdue = admin.page.locator(".admin-card", { hasText: "Riley Overdue" });
    expect(await overdue.locator(".admin-due--overdue").textContent()).toBe("Reply overdue");
    // Sent a minute ago: far from due, so nothing is marked.
    const fresh = admin.page.locator(".admin-card", { hasText: name });
    expect(await fresh.locator(".admin-due").count()).toBe(0);
    await admin.page.getByRole("button", { name: new RegExp(name) }).click();
    expect(await admin.page.locator(".admin-status-link").textContent()).toContain(
      "Client's status page: active",
    );
    if (shots) await admin.page.screenshot({ path: `${shots}/admin-card-390.png`, fullPage: true });
    admin.page.once("dialog", (dialog) => dialog.accept());
    await admin.page.getByRole("button", { name: "Revoke link" }).click();
    await expect.poll(() => admin.page.locator(".admin-status-link").textContent()).toContain("revoked");
    expect(await admin.page.getByRole("button", { name: "Revoke link" }).count()).toBe(0);
    // A client who lost the link gets a new one by e-mail; the revoked one stays dead.
    admin.page.once("dialog", (dialog) => dialog.accept());
    await admin.page.getByRole("button", { name: "Send a new link" }).click();
    await expect
      .poll(() => admin.page.locator(".admin-status-link").textContent())
      .toContain("Client's status page: active");
    expect(await admin.page.locator(".admin-status-link [role=status]").textContent()).toBe(
      "New link sent to the client.",
    );
    expect(admin.problems).toEqual([]);
    await admin.context.close();

    const gone = await page.goto(`${baseUrl}${href}`);
    expect(gone?.status()).toBe(404);
    expect(await page.getByText("Your consultation request").count()).toBe(0);
  });

  it("reads as one calm column at 1280 px (the steps on one line, nothing left blank) and passes axe", async () => {
    // bypassCSP only lets the test inject axe itself.
    const context = await newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const { statusPath } = await sendRequestByApi(
      page,
      {
        name: "Wide Screen",
        email: "wide@example.com",
        phone: "+1 240 555 0172",
        tattooIdea: "A botanical sleeve with peonies and ferns, black and grey.",
      },
      { "CF-Connecting-IP": "203.0.113.9" },
    );
    await page.goto(`${baseUrl}${statusPath}`);
    const tops = await page
      .locator(".request-steps__step")
      .evaluateAll((steps) => steps.map((step) => Math.round(step.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    const card = await page.locator(".request-status__card").first().boundingBox();
    expect(card?.width).toBeLessThanOrEqual(44 * 16);
    // Only the questions answered are listed.
    expect(await page.locator(".request-sent-fields dt").allTextContents()).toEqual([
      "Name",
      "E-mail",
      "Phone",
      "Tattoo idea",
      "Sent",
    ]);
    if (shots) await page.screenshot({ path: `${shots}/status-1280.png`, fullPage: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
    }
  });
});
