// A photo from a phone through the served worker (workerd, the built bundle, local R2 and the
// Images binding as wrangler simulates it): uploaded with its GPS position and sideways
// orientation, private until published, then on /gallery without JavaScript within 10 s, every
// size upright and without any metadata; restoring the previous version makes it private again.
// The last test restores the seeded content, so the files after this one see the studio as it was.
import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi } from "../support/admin-api";
import { useAdminAccount } from "../support/admin-browser";
import { useBrowser } from "../support/use-browser";

const baseUrl = inject("baseUrl");
const browser = useBrowser();
const account = useAdminAccount("photos@e2e-studio.test", "a photo upload passphrase 19");
let seededVersion = 0;

// An address of its own: the sign-in tests lock 127.0.0.1 out on purpose.
const { call, signIn, liveVersion, restoreVersion } = adminApi(baseUrl, "2001:db8:f070::1");

/** A 3000 x 2000 phone photo taken sideways: landscape pixels, EXIF orientation 6 and a GPS fix. */
function phonePhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><rect width="3000" height="2000" fill="#b98a66"/><circle cx="1500" cy="1000" r="400" fill="none" stroke="#1a1410" stroke-width="20"/></svg>`;
  return sharp(Buffer.from(svg))
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 6/1 2544/100", GPSMapDatum: "WGS-84-HOME" } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

beforeAll(async () => {
  await signIn(account);
  seededVersion = await liveVersion();
});

describe("a phone photo on the served site", () => {
  let key = "";

  it("is stored upright without its location and stays private until published", async () => {
    const photo = new Uint8Array(await phonePhoto());
    expect((await sharp(photo).metadata()).exif?.includes("WGS-84-HOME")).toBe(true);
    const response = await call("POST", "/api/admin/photos", photo, {
      "Content-Type": "image/jpeg",
      "X-File-Name": encodeURIComponent("IMG_4410.JPG"),
    });
    expect(response.status).toBe(201);
    const { image } = (await response.json()) as { image: { key: string; width: number; height: number } };
    expect(image).toMatchObject({ width: 2000, height: 3000 });
    key = image.key;
    expect((await fetch(`${baseUrl}/media/${key}/800.webp`)).status).toBe(404);
    expect((await call("GET", `/api/admin/photos/${key}/800.webp`)).status).toBe(200);
  });

  it("shows on /gallery without JavaScript within 10 s of the publish, every size free of metadata", async () => {
    const drafts = (await (await call("GET", "/api/admin/content")).json()) as {
      sections: { portfolio: { data: Record<string, unknown>[]; revision: number } };
    };
    const [first, ...rest] = drafts.sections.portfolio.data;
    const photo = { source: "upload", key, width: 2000, height: 3000 };
    const saved = await call("PUT", "/api/admin/content/sections/portfolio", {
      data: [{ ...first, image: photo, alt: "Fine-line circle on a forearm" }, ...rest],
      revision: drafts.sections.portfolio.revision,
    });
    expect(saved.status).toBe(200);
    const published = await call("POST", "/api/admin/content/publish", { baseVersion: seededVersion });
    expect(published.status).toBe(201);

    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/gallery`);
          return page.locator(`img[src*="${key}"]`).count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const img = page.locator(`img[src*="${key}"]`);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    expect(await img.getAttribute("alt")).toBe("Fine-line circle on a forearm");
    await context.close();

    for (const width of [400, 800, 1200]) {
      for (const format of ["avif", "webp"]) {
        const served = await fetch(`${baseUrl}/media/${key}/${width}.${format}`);
        expect(served.status).toBe(200);
        expect(served.headers.get("Cache-Control")).toContain("immutable");
        const bytes = Buffer.from(await served.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta, `${width}.${format}`).toMatchObject({ width, height: width * 1.5 });
        expect(meta.exif, `${width}.${format}`).toBeUndefined();
        expect(bytes.includes("WGS-84-HOME")).toBe(false);
      }
    }
  });

  it("is private again once the previous version is restored", async () => {
    await restoreVersion(seededVersion);
    await expect
      .poll(async () => (await fetch(`${baseUrl}/media/${key}/800.webp`)).status, { timeout: 10_000 })
      .toBe(404);
  });
});
