import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { concat } from "../../worker/platform/crypto";
import { adminCall, ORIGIN, quietLogs, signedInAdmin } from "./admin-support";
import {
  contains,
  type ErrorAnswer,
  emptyBucket,
  GPS_MARKER,
  jpegWithExif,
  jpegWithExifAfterScan,
  picture,
  pngWithOddChunks,
  pngWithText,
  storedObjects,
  type UploadAnswer,
  upload,
  webpWithExif,
} from "./photos-support";

let cookie: string;

beforeEach(async () => {
  quietLogs();
  await emptyBucket();
  await env.DB.prepare("DELETE FROM photos").run();
  cookie = (await signedInAdmin()).cookie;
});

const MB = 1024 * 1024;
const sizeNames = ["400.avif", "400.webp", "800.avif", "800.webp", "1200.avif", "1200.webp"];

/** The pixel size of an image as the Images binding reads it. */
async function dimensions(bytes: Uint8Array) {
  const info = await env.IMAGES.info(new Blob([bytes]).stream());
  if (!("width" in info)) throw new Error("not a bitmap");
  return { width: info.width, height: info.height, format: info.format };
}

/** Uploads and expects it accepted; returns the answer and every object now in the bucket. */
async function accepted(bytes: Uint8Array, name: string, type: string) {
  const response = await upload(cookie, bytes, name, { type });
  expect(response.status, await response.clone().text()).toBe(201);
  return { answer: (await response.json()) as UploadAnswer, objects: await storedObjects() };
}

describe("a photo from the artist's phone", () => {
  it("stores a JPEG with location data without it, upright, in every size, with a placeholder", async () => {
    // Taken with the phone on its side: the pixels are landscape, the EXIF says to turn them.
    const photo = jpegWithExif(await picture(1600, 1200, "jpeg"), 6);
    expect(contains(photo, GPS_MARKER)).toBe(true);
    const { answer, objects } = await accepted(photo, "IMG_2041.JPG", "image/jpeg");

    expect(answer.photo).toMatchObject({ name: "IMG_2041.JPG", width: 1200, height: 1600 });
    expect(answer.image).toEqual({
      source: "upload",
      key: answer.photo.key,
      width: 1200,
      height: 1600,
      placeholder: answer.photo.placeholder,
    });
    expect(answer.photo.key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    expect(answer.photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(answer.photo.placeholder.length).toBeLessThan(1000);

    expect(objects.map((object) => object.key).sort()).toEqual(
      ["original", ...sizeNames].map((file) => `${answer.photo.key}/${file}`).sort(),
    );
    for (const object of objects) {
      expect(contains(object.bytes, GPS_MARKER), object.key).toBe(false);
      // No GPS directory pointer (tag 0x8825) in any EXIF left behind.
      expect(contains(object.bytes, "\x88\x25\x00\x04"), object.key).toBe(false);
    }
    // The private original keeps its pixels and only its orientation.
    const original = objects.find((object) => object.key.endsWith("/original"));
    expect(original && (await dimensions(original.bytes))).toMatchObject({ width: 1600, height: 1200 });
    expect(original && contains(original.bytes, "Exif\0\0MM\0*")).toBe(true);

    // Each served size is upright (portrait), as wide as its name says, with no metadata.
    for (const [file, width] of [
      ["400.webp", 400],
      ["800.avif", 800],
      ["1200.webp", 1200],
    ] as const) {
      const response = await adminCall(`/api/admin/photos/${answer.photo.key}/${file}`, {
        headers: { Cookie: cookie },
      });
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(await dimensions(bytes)).toMatchObject({ width, height: Math.round((width * 4) / 3) });
      expect(contains(bytes, GPS_MARKER)).toBe(false);
      expect(contains(bytes, "Exif")).toBe(false);
    }
    const row = await env.DB.prepare("SELECT name, type, width, height FROM photos").first();
    expect(row).toEqual({ name: "IMG_2041.JPG", type: "image/jpeg", width: 1200, height: 1600 });
  });

  it("stores a PNG without its text and EXIF chunks, even when the browser sent no type", async () => {
    const { answer, objects } = await accepted(pngWithText(await picture(900, 600, "png")), "scan.png", "");
    expect(answer.photo).toMatchObject({ width: 900, height: 600 });
    expect(objects).toHaveLength(7);
    for (const object of objects) expect(contains(object.bytes, GPS_MARKER), object.key).toBe(false);
  });

  it("stores a WebP without its EXIF and XMP chunks", async () => {
    const webp = webpWithExif(await picture(640, 480, "webp"), 640, 480);
    expect(await dimensions(webp)).toMatchObject({ width: 640, height: 480 });
    const { answer, objects } = await accepted(webp, "shared-from-chat.webp", "image/webp");
    expect(answer.photo).toMatchObject({ width: 640, height: 480 });
    for (const object of objects) {
      expect(contains(object.bytes, GPS_MARKER), object.key).toBe(false);
      expect(contains(object.bytes, "EXIF"), object.key).toBe(false);
      // An unknown chunk goes too: only the picture's own chunks are kept.
      expect(contains(object.bytes, "LOCA"), object.key).toBe(false);
    }
    // A photo narrower than a size is not enlarged: that size is the photo at its own width.
    const large = objects.find((object) => object.key.endsWith("/1200.webp"));
    expect(large && (await dimensions(large.bytes))).toMatchObject({ width: 640, height: 480 });
  });

  it("drops EXIF and comments placed between a JPEG's scans, keeping the picture's bytes", async () => {
    const jpeg = await picture(800, 600, "jpeg");
    const crafted = jpegWithExifAfterScan(jpeg);
    expect(contains(crafted, GPS_MARKER)).toBe(true);
    const { objects } = await accepted(crafted, "progressive.jpg", "image/jpeg");
    for (const object of objects) expect(contains(object.bytes, GPS_MARKER), object.key).toBe(false);
    const original = objects.find((object) => object.key.endsWith("/original"));
    expect(original?.bytes).toEqual(jpeg);
  });

  it("keeps only a PNG's picture and colour chunks: content credentials and private chunks go", async () => {
    const png = await picture(600, 400, "png");
    const { objects } = await accepted(pngWithOddChunks(png), "credentials.png", "image/png");
    for (const object of objects) expect(contains(object.bytes, GPS_MARKER), object.key).toBe(false);
    const original = objects.find((object) => object.key.endsWith("/original"));
    expect(original && contains(original.bytes, "caBX")).toBe(false);
  });

  it("drops what a phone appends after a JPEG's picture (a motion photo's video and its location)", async () => {
    const jpeg = await picture(800, 600, "jpeg");
    const trailer = Uint8Array.from(`\0\0\0\x18ftypmp42 ${GPS_MARKER}`, (c) => c.charCodeAt(0));
    const { answer, objects } = await accepted(concat(jpeg, trailer), "PXL_motion.jpg", "image/jpeg");
    expect(answer.photo).toMatchObject({ width: 800, height: 600 });
    for (const object of objects) expect(contains(object.bytes, GPS_MARKER), object.key).toBe(false);
    const original = objects.find((object) => object.key.endsWith("/original"));
    expect(original?.bytes).toEqual(jpeg);
  });

  it("accepts a photo of exactly 25 MB", async () => {
    // A real JPEG carried to the limit by comment segments (which the original loses too).
    const jpeg = await picture(800, 600, "jpeg");
    const comment = concat(Uint8Array.from([0xff, 0xfe, 0xff, 0xff]), new Uint8Array(0xfffd).fill(0x41));
    const room = 25 * MB - jpeg.length;
    const segments = Array.from({ length: Math.floor(room / comment.length) }, () => comment);
    const rest = room % comment.length;
    // The length field counts itself, not the marker.
    const last = concat(
      Uint8Array.from([0xff, 0xfe, (rest - 2) >> 8, (rest - 2) & 0xff]),
      new Uint8Array(rest - 4).fill(0x41),
    );
    const photo = concat(jpeg.subarray(0, 2), ...segments, last, jpeg.subarray(2));
    expect(photo.length).toBe(25 * MB);
    const { answer, objects } = await accepted(photo, "big.jpg", "image/jpeg");
    expect(answer.photo.width).toBe(800);
    const original = objects.find((object) => object.key.endsWith("/original"));
    expect(original?.bytes.length).toBe(jpeg.length);
  });
});

describe("a file the site refuses, with a message naming it", () => {
  const refused = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as ErrorAnswer;
    expect(await storedObjects()).toEqual([]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM photos").first("n")).toBe(0);
    return body.error;
  };

  it("refuses 25 MB and one byte, declared or streamed", async () => {
    const jpeg = await picture(64, 48, "jpeg");
    const photo = concat(jpeg, new Uint8Array(25 * MB + 1 - jpeg.length));
    const declared = await refused(await upload(cookie, photo, "huge.jpg"), 413);
    expect(declared.message).toContain('"huge.jpg"');
    expect(declared.message).toContain("at most 25 MB");
    // Without a length up front, the body is counted while it arrives.
    const streamed = await refused(await upload(cookie, new Blob([photo]).stream(), "huge.jpg"), 413);
    expect(streamed.message).toContain("at most 25 MB");
  });

  it("refuses an iPhone HEIC photo and says what to do on the phone", async () => {
    // The start of a real iPhone photo: an ISO box "ftyp" of brand "heic".
    const heic = concat(
      Uint8Array.from([0, 0, 0, 0x18]),
      Uint8Array.from("ftypheic\0\0\0\0mif1heic", (c) => c.charCodeAt(0)),
      new Uint8Array(2000),
    );
    const error = await refused(await upload(cookie, heic, "IMG_0001.HEIC", { type: "image/heic" }), 415);
    expect(error.code).toBe("heic");
    expect(error.message).toContain('"IMG_0001.HEIC"');
    expect(error.message).toContain("Settings > Camera > Formats > Most Compatible");
  });

  it("refuses a program renamed to .jpg, whatever type the browser claims", async () => {
    const program = concat(
      Uint8Array.from("MZ\x90\0\x03\0\0\0", (c) => c.charCodeAt(0)),
      new Uint8Array(4096),
    );
    const error = await refused(await upload(cookie, program, "holiday.jpg", { type: "image/jpeg" }), 415);
    expect(error.code).toBe("unsupported_type");
    expect(error.message).toBe(
      '"holiday.jpg" is not a JPEG, PNG or WebP photo, whatever its name says. Choose a photo in one of those formats.',
    );
    const elf = Uint8Array.from("\x7fELF\x02\x01\x01\0", (c) => c.charCodeAt(0));
    const unnamed = await refused(await upload(cookie, elf, ""), 415);
    expect(unnamed.message).toMatch(/^The photo is not a JPEG, PNG or WebP photo/);
  });

  it("refuses a truncated JPEG as damaged", async () => {
    const jpeg = await picture(1200, 900, "jpeg");
    const error = await refused(await upload(cookie, jpeg.subarray(0, jpeg.length / 2), "cut.jpg"), 422);
    expect(error.code).toBe("unreadable");
    expect(error.message).toContain('"cut.jpg" could not be read');
  });

  it("answers 401 signed out, 403 from another site, 404 for an unknown photo", async () => {
    const jpeg = await picture(64, 48, "jpeg");
    expect((await upload("", jpeg, "a.jpg")).status).toBe(401);
    const crossSite = await upload(cookie, jpeg, "a.jpg", { headers: { Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(
      (await upload(cookie, jpeg, "a.jpg", { headers: { "Sec-Fetch-Site": "cross-site" } })).status,
    ).toBe(403);
    expect(await storedObjects()).toEqual([]);
    const unknown = `/api/admin/photos/uploads/${crypto.randomUUID()}/800.webp`;
    expect((await adminCall(unknown, { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await adminCall(unknown, { headers: { Origin: ORIGIN } })).status).toBe(401);
  });
});
