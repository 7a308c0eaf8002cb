// Reference images with a consultation request, in Chromium at phone width against the served
// worker (workerd, the built bundle, local R2 and the Images binding as wrangler simulates it):
// three images uploaded with their progress while the form is filled in, sent with the request,
// shown to the artist; refusals in the visitor's words; and no way in for anyone else.
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { adminPage, createAdminAccount, signInHere } from "../support/admin-browser";
import { d1 } from "../support/d1";
import { holdRequests, humanPause, unique, useFormPages } from "../support/form-pages";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const { open } = useFormPages();
const browser = useBrowser();
const account = { email: "references@e2e-studio.test", password: "a reference images passphrase 52" };

/** A picture as a phone or a chat app would hand it over, with a GPS fix in its EXIF. */
async function picture(format: "jpeg" | "png" | "webp", width: number, height: number, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${colour}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="none" stroke="#1a1410" stroke-width="24"/></svg>`;
  return sharp(Buffer.from(svg))
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 6/1 2544/100", GPSMapDatum: "WGS-84-HOME" } })
    [format]()
    .toBuffer();
}

const scriptsLoaded = (page: import("playwright-core").Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));

async function fillRequest(page: import("playwright-core").Page, tag: string) {
  await page.getByLabel("Full name").fill("Rosa Delgado");
  await page.getByLabel("Email").fill(`rosa.${tag}@example.com`);
  await page.getByLabel("Phone").fill("+1 301 555 0148");
  await page.getByLabel("Tattoo idea").fill(`Peonies and a swallow, like the pictures I attached. ${tag}`);
  await page.getByLabel("Placement").fill("Left shoulder");
  await page.getByLabel("I confirm that I am 18 years of age or older").check();
}

/** Sends the filled form and waits for "Request Sent!"; the id the request was saved under. */
async function sendRequest(page: import("playwright-core").Page, tag: string): Promise<string | undefined> {
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect
    .poll(() => page.getByRole("heading", { name: "Request Sent!" }).count(), { timeout: 10_000 })
    .toBe(1);
  const [request] = d1<{ id: string }>(
    `SELECT id FROM consultation_requests WHERE email = 'rosa.${tag}@example.com'`,
  );
  expect(request).toBeDefined();
  return request?.id;
}

describe("reference images with a consultation request", () => {
  it("sends three images uploaded with progress at 390 px, which only the artist can read", async () => {
    const page = await open("/book-consultation", 390);
    const before = await scriptsLoaded(page);
    // The uploader is not part of the page's first load.
    expect(before.filter((path) => /reference-images-.*\.js$/.test(path))).toEqual([]);
    const tag = unique();
    await fillRequest(page, tag);

    const files = [
      { name: "peonies.jpg", mimeType: "image/jpeg", buffer: await picture("jpeg", 1600, 1200, "#b98a66") },
      { name: "swallow.png", mimeType: "image/png", buffer: await picture("png", 600, 800, "#3d5a80") },
      { name: "linework.webp", mimeType: "image/webp", buffer: await picture("webp", 900, 900, "#e0c097") },
    ];
    // Each upload is held until it has shown its progress bar.
    const release = await holdRequests(page, "**/api/reference-images");
    await page.getByText("Add reference images").hover();
    await page.locator(".reference-images__input").setInputFiles(files);
    await expect.poll(() => page.locator(".reference-image progress").count(), { timeout: 10_000 }).toBe(3);
    expect(await page.getByRole("progressbar", { name: "Uploading swallow.png" }).count()).toBe(1);
    // Sending now would go without the images: the form asks to wait.
    await humanPause(page);
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect
      .poll(() => page.locator(".reference-images").textContent())
      .toContain("Please wait until your images have finished uploading");
    release();
    // Each is checked, cleaned and resized on the server: seconds on a busy machine.
    await expect
      .poll(() => page.locator(".reference-image__status").allTextContents(), { timeout: 30_000 })
      .toEqual(["Added", "Added", "Added"]);
    expect(await page.locator(".reference-image .form-field__error").count()).toBe(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      "no sideways scroll at 390 px",
    ).toBe(true);
    const removeBox = await page.getByRole("button", { name: "Remove peonies.jpg" }).boundingBox();
    expect(removeBox?.height ?? 0).toBeGreaterThanOrEqual(44);

    const requestId = await sendRequest(page, tag);
    const images = d1<{ id: string; width: number; height: number; type: string }>(
      `SELECT id, width, height, type FROM reference_images WHERE submission_id = '${requestId}' ORDER BY width`,
    );
    expect(images.map(({ width, height, type }) => ({ width, height, type }))).toEqual([
      { width: 600, height: 800, type: "image/png" },
      { width: 900, height: 900, type: "image/webp" },
      { width: 1600, height: 1200, type: "image/jpeg" },
    ]);

    // Nobody but the signed-in artist reads them: not the visitor who sent them, not the public.
    for (const image of images) {
      for (const copy of ["thumb", "full"]) {
        const response = await fetch(`${baseUrl}/api/admin/reference-images/${image.id}/${copy}`);
        expect(response.status).toBe(401);
        expect(response.headers.get("Content-Type")).toContain("application/json");
      }
    }
  });

  it("says what is wrong with an oversized, a wrongly typed and a truncated image, and sends without them", async () => {
    const page = await open("/book-consultation", 390);
    const tag = unique();
    await fillRequest(page, tag);
    const jpeg = await picture("jpeg", 1200, 900, "#7a4e2d");
    const files = [
      {
        name: "huge.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]),
      },
      { name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.7 not a picture at all") },
      { name: "cut-off.jpg", mimeType: "image/jpeg", buffer: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
    ];
    await page.locator(".reference-images__input").setInputFiles(files);
    const errors = page.locator(".reference-image .form-field__error");
    await expect.poll(() => errors.count(), { timeout: 30_000 }).toBe(3);
    const texts = await errors.allTextContents();
    expect(texts[0]).toBe(
      '"huge.jpg" is 11 MB; an image can be at most 10 MB. Export it at a smaller size (or take a screenshot of it), then add it again.',
    );
    expect(texts[1]).toBe(
      '"holiday.jpg" is not a JPEG, PNG or WebP image, whatever its name says. Choose an image in one of those formats.',
    );
    expect(texts[2]).toContain('"cut-off.jpg" could not be read as a picture');

    // Removing one keeps the keyboard in the list.
    await page.getByRole("button", { name: "Remove huge.jpg" }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Remove holiday.jpg");

    await humanPause(page);
    const requestId = await sendRequest(page, tag);
    expect(d1(`SELECT id FROM reference_images WHERE submission_id = '${requestId}'`)).toEqual([]);
  });

  it("shows the artist the request's images as thumbnails on its card, each opening the full image", async () => {
    await createAdminAccount(account.email, account.password, inject("adminPepper"));
    // Letters only: a name takes no digits.
    const tag = `Refs${unique().replace(/\d/g, (digit) => "abcdefghij"[Number(digit)] ?? "")}`;
    const visitor = { Origin: baseUrl, "CF-Connecting-IP": "2001:db8:5e5::7" };
    const claims: { id: string; token: string }[] = [];
    for (const [format, colour] of [
      ["jpeg", "#b98a66"],
      ["png", "#3d5a80"],
    ] as const) {
      const response = await fetch(`${baseUrl}/api/reference-images`, {
        method: "POST",
        headers: { ...visitor, "Content-Type": `image/${format}`, "X-File-Name": `idea.${format}` },
        body: new Uint8Array(await picture(format, 800, 600, colour)),
      });
      expect(response.status).toBe(201);
      const { image } = (await response.json()) as { image: { id: string; token: string } };
      claims.push({ id: image.id, token: image.token });
    }
    const sent = await fetch(`${baseUrl}/api/consultations`, {
      method: "POST",
      headers: { ...visitor, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: `Rosa ${tag}`,
        email: `rosa.${tag.toLowerCase()}@example.com`,
        phone: "+1 301 555 0148",
        tattooIdea: "Peonies and a swallow, like the pictures I attached.",
        ageVerification: true,
        fillMs: 8000,
        referenceImages: claims,
      }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);

    const { context, page, problems } = await adminPage(browser(), {
      width: 390,
      address: "2001:db8:5e5::8",
    });
    try {
      await page.goto(`${baseUrl}/admin/login`);
      await signInHere(page, account);
      await page.waitForURL(`${baseUrl}/admin/today`);
      await page.goto(`${baseUrl}/admin/consultations?q=${tag}`);
      const card = page.locator(".admin-card", { hasText: tag });
      await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
      expect(await card.locator(".admin-card__meta").textContent()).toContain("2 images");
      await card.locator(".admin-card__toggle").click();
      const thumbs = card.locator(".admin-references__thumb");
      await expect.poll(() => thumbs.count(), { timeout: 10_000 }).toBe(2);
      await expect
        .poll(
          () => thumbs.evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth)),
          {
            timeout: 10_000,
          },
        )
        .toEqual([320, 320]);
      const [full] = await Promise.all([context.waitForEvent("page"), thumbs.first().click()]);
      await full.waitForLoadState("load");
      expect(new URL(full.url()).pathname).toMatch(/^\/api\/admin\/reference-images\/[0-9a-f-]{36}\/full$/);
      expect(await full.evaluate(() => document.querySelector("img")?.naturalWidth)).toBe(800);
      const served = await context.request.get(full.url());
      expect(served.headers()["content-type"]).toBe("image/webp");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
