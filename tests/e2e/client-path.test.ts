// The client's whole path after "Send Request", on a phone, in one walk: a request with three
// reference images, "Request Sent!" leading to the private status page, the artist's reply from
// the request's card, the client's answer with an image on that page, and both sides seeing the
// whole thread (the artist with the request's images too).
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { openRequestCard, signedInBeside, useAdminAccount } from "../support/admin-browser";
import { answerInThread, humanPause, unique, useFormPages } from "../support/form-pages";

const baseUrl = inject("baseUrl");
const { open } = useFormPages();
const account = useAdminAccount("client-path@e2e-studio.test", "a whole client path passphrase 84");

/** A picture as a phone hands it over: a colour and a ring, with a GPS fix in its EXIF. */
const picture = (format: "jpeg" | "png" | "webp", colour: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${colour}"/><circle cx="400" cy="300" r="200" fill="none" stroke="#1a1410" stroke-width="24"/></svg>`,
    ),
  )
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 6/1 2544/100" } })
    [format]()
    .toBuffer();

const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((images) =>
      images.filter(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      ),
    )
    .then((images) => images.length);

describe("a client's path at 390 px", () => {
  it("sends a request with three images, follows it on its status page and talks with the artist", {
    timeout: 120_000,
  }, async () => {
    const tag = unique();
    const name = "Rosa Path";
    const page = await open("/book-consultation", 390);
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Email").fill(`rosa.${tag}@example.com`);
    await page.getByLabel("Phone").fill("+1 301 555 0148");
    await page.getByLabel("Tattoo idea").fill(`Peonies and a swallow, like my pictures. ${tag}`);
    await page.getByLabel("Placement").fill("Left shoulder");
    await page.getByLabel("I confirm that I am 18 years of age or older").check();
    await page.getByText("Add reference images").hover();
    await page.locator(".reference-images__input").setInputFiles([
      { name: "peonies.jpg", mimeType: "image/jpeg", buffer: await picture("jpeg", "#b98a66") },
      { name: "swallow.png", mimeType: "image/png", buffer: await picture("png", "#3d5a80") },
      { name: "linework.webp", mimeType: "image/webp", buffer: await picture("webp", "#e0c097") },
    ]);
    await expect
      .poll(() => page.locator(".reference-image__status").allTextContents(), { timeout: 30_000 })
      .toEqual(["Added", "Added", "Added"]);
    await humanPause(page);
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: "Request Sent!" }).count(), { timeout: 10_000 })
      .toBe(1);

    // "Request Sent!" leads to the private page: what was sent, the stage, when the reply is due.
    await page.getByRole("link", { name: "See your request's status" }).click();
    await page.waitForURL(/\/requests\/[\w-]{43}$/);
    const statusPath = new URL(page.url()).pathname;
    expect(await page.getByText(`Peonies and a swallow, like my pictures. ${tag}`).count()).toBe(1);
    expect(await page.getByText(/Reply due by/).count()).toBe(1);

    // The artist sees the request with its three images and replies from its card.
    const admin = await signedInBeside(page, account, { width: 390, address: "2001:db8:9a7::390" });
    const openCard = async () => {
      await openRequestCard(admin.page, tag, name);
    };
    await openCard();
    await expect.poll(() => loaded(admin.page, ".admin-references img"), { timeout: 10_000 }).toBe(3);
    const reply = admin.page.getByLabel("Reply to the client");
    await reply.fill("Lovely pictures. Shoulder blade or the top of the shoulder?");
    await admin.page.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => admin.page.locator(".admin-thread__message").count()).toBe(1);

    // The client reads the reply on the same page and answers with text and an image.
    await page.goto(`${baseUrl}${statusPath}`);
    expect(await page.locator(".thread__message").first().textContent()).toContain("Shoulder blade");
    await answerInThread(page, "The shoulder blade, please. Here is the spot.", {
      name: "spot.jpg",
      mimeType: "image/jpeg",
      buffer: await picture("jpeg", "#c9a27a"),
    });
    await expect.poll(() => page.locator(".thread__message").count()).toBe(2);
    // The image arrives after the page: wait for it to have loaded, as the visitor would.
    await expect.poll(() => loaded(page, ".thread__message--client img")).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The artist sees the answer as new, with its image: the whole thread on both sides.
    await openCard();
    await expect.poll(() => admin.page.locator(".admin-thread__message").count()).toBe(2);
    expect(await admin.page.locator(".admin-thread__message--client").textContent()).toContain(
      "The shoulder blade",
    );
    await expect.poll(() => loaded(admin.page, ".admin-thread__message--client img")).toBe(1);
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });
});
