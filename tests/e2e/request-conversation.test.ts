// The conversation on a consultation request, on a phone: the artist replies from the card with
// a template, the client reads it on the status page without JavaScript and answers with text and
// an image, the artist sees the answer marked new, opens it, and both sides see the whole thread.
import { describe, expect, inject, it } from "vitest";
import { adminOnRequestCard, searchRequests, useAdminAccount } from "../support/admin-browser";
import { answerInThread, sendRequestByApi, unique, useFormPages } from "../support/form-pages";
import { jpegFromSvg } from "../support/pictures";

const baseUrl = inject("baseUrl");
const { phoneWithoutScript } = useFormPages();
const account = useAdminAccount("conversation@e2e-studio.test", "a conversation e2e passphrase 61");
const shots = process.env.CONVERSATION_SHOTS;

const sketch = () =>
  jpegFromSvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="#c9a27a"/><path d="M150 450 C 300 100, 600 100, 750 450" stroke="#1a1410" stroke-width="28" fill="none"/></svg>',
  );

describe("the conversation on a request at 390 px", () => {
  it("goes artist → client (no JavaScript, with an image) → artist, each side seeing the whole thread", async () => {
    const tag = unique();
    const name = "Noor Conversation";
    const page = await phoneWithoutScript();
    const { statusPath } = await sendRequestByApi(page, {
      name,
      email: `noor.${tag}@example.com`,
      phone: "+1 240 555 0172",
      tattooIdea: `A crescent moon with fine-line stars on my wrist. ${tag}`,
    });

    // The artist opens the card and replies with a template.
    const admin = await adminOnRequestCard(
      page,
      account,
      { width: 390, address: "2001:db8:c0de::390", clock: true },
      { tag, name },
    );
    // Back to the request's card on the list, still closed, to see how it is marked.
    const findCard = async () => {
      await searchRequests(admin.page, tag);
      await expect.poll(() => admin.page.locator(".admin-card").count()).toBe(1);
    };
    const reply = admin.page.getByLabel("Reply to the client");
    // A template with blanks cannot go out as it is: the box says what is left, and sending
    // selects the first blank to type over.
    await admin.page.getByLabel("Start from a template").selectOption({ label: "Send a quote" });
    await expect
      .poll(() => admin.page.locator(".admin-thread__blanks").textContent())
      .toBe("Still to fill in: [hours], [price]");
    await admin.page.getByRole("button", { name: "Send message" }).click();
    await expect
      .poll(() => admin.page.locator(".admin-thread").getByRole("alert").textContent())
      .toBe("Fill in [hours], [price] before sending");
    expect(
      await reply.evaluate((box: HTMLTextAreaElement) =>
        box.value.slice(box.selectionStart, box.selectionEnd),
      ),
    ).toBe("[hours]");
    await admin.page.getByLabel("Start from a template").selectOption({ label: "Ask for details" });
    expect(await admin.page.locator(".admin-thread__blanks").count()).toBe(0);
    expect(await reply.inputValue()).toMatch(/^Hi Noor,\n/);
    await reply.fill(`${await reply.inputValue()}\n<i>Which wrist?</i>`);
    await admin.page.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => admin.page.locator(".admin-thread__message").count()).toBe(1);

    // The client reads it on the page, as text, and answers with text and an image.
    await page.goto(`${baseUrl}${statusPath}`);
    const thread = page.locator(".thread__message");
    expect(await thread.count()).toBe(1);
    expect(await thread.first().textContent()).toContain("<i>Which wrist?</i>");
    expect(await page.locator(".thread__body i").count()).toBe(0);
    await answerInThread(page, "The left one, about 3 inches. Here is a sketch.", {
      name: "sketch.jpg",
      mimeType: "image/jpeg",
      buffer: await sketch(),
    });
    expect(await page.getByText("Your answer was sent.").count()).toBe(1);
    expect(await thread.count()).toBe(2);
    expect(await page.locator(".thread__message--client img").count()).toBe(1);
    const thumb = await page
      .locator(".thread__message--client img")
      .evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(thumb).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) await page.screenshot({ path: `${shots}/client-390.png`, fullPage: true });

    // The artist sees the answer marked new, opens the card: the image, then read.
    await findCard();
    const card = admin.page.locator(".admin-card", { hasText: name });
    expect(await card.locator(".admin-badge--new").first().textContent()).toBe("New reply");
    expect(await admin.page.locator(".admin-unread-count").textContent()).toMatch(
      /\d+ requests? ha(s|ve) a new reply/,
    );
    await card.getByRole("button", { name: new RegExp(name) }).click();
    await expect.poll(() => admin.page.locator(".admin-thread__message").count()).toBe(2);
    expect(await admin.page.locator(".admin-thread__message--client").textContent()).toContain(
      "The left one",
    );
    await expect
      .poll(() =>
        admin.page
          .locator(".admin-thread__message--client img")
          .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect.poll(() => card.locator(".admin-card__toggle .admin-badge--new").count()).toBe(0);

    // The client answers again while the card is open: it shows without a reload (the card asks
    // every 15 seconds, run forward here), read, as the artist is looking at it.
    await answerInThread(page, "Or the right one, if that is easier.");
    await admin.page.clock.fastForward(16_000);
    await expect.poll(() => admin.page.locator(".admin-thread__message").count()).toBe(3);
    expect(await admin.page.locator(".admin-thread__message--client").last().textContent()).toContain(
      "Or the right one",
    );
    if (shots) await admin.page.screenshot({ path: `${shots}/admin-390.png`, fullPage: true });
    await findCard();
    expect(await admin.page.locator(".admin-card__toggle .admin-badge--new").count()).toBe(0);
    // The templates are the artist's to edit: a new title shows in the picker at once.
    await admin.page.getByRole("button", { name: new RegExp(name) }).click();
    await admin.page.getByRole("button", { name: "Edit templates" }).click();
    const titles = admin.page.locator(".admin-templates__item").getByLabel("Title");
    await expect.poll(() => titles.count()).toBeGreaterThanOrEqual(3);
    const renamed = `Quote ${tag}`;
    await titles.nth(1).fill(renamed);
    await admin.page
      .locator(".admin-templates__item")
      .nth(1)
      .getByRole("button", { name: "Save template" })
      .click();
    await expect
      .poll(() => admin.page.getByLabel("Start from a template").locator("option").allTextContents())
      .toContain(renamed);
    if (shots) await admin.page.screenshot({ path: `${shots}/admin-templates-390.png`, fullPage: true });
    await admin.page.getByRole("button", { name: new RegExp(name) }).click();
    if (shots) {
      await admin.page.setViewportSize({ width: 1280, height: 900 });
      await admin.page.getByRole("button", { name: new RegExp(name) }).click();
      await expect.poll(() => admin.page.locator(".admin-thread__message").count()).toBe(3);
      await admin.page.screenshot({ path: `${shots}/admin-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${shots}/client-1280.png`, fullPage: true });
    }
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });
});
