import { env } from "cloudflare:test";
import { beforeAll, beforeEach } from "vitest";
import { concat } from "../../worker/platform/crypto";
import { adminCall, ORIGIN, quietLogs, signedInAdmin } from "./admin-support";
import { seedContent } from "./content-support";

/**
 * Photo fixtures made inside the test with the Images binding itself (a tiny PNG drawn here,
 * enlarged and re-encoded by it), with metadata a phone would write added at the byte level.
 */

/** A text no decoder would make by chance: found in a file, it means the metadata survived. */
export const GPS_MARKER = "GPS-WHERE-THE-ARTIST-LIVES-39.2904N";

// A 2x2 PNG: red, green / blue, white; enlarged, it shows which way up a size is.
const seedPng = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFElEQVQImWP4z8DAAMIM/////w8AH+4F+0HwQUsAAAAASUVORK5CYII=",
  ),
  (char) => char.charCodeAt(0),
);

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/** A picture of `width` x `height` in `format`, encoded by the Images binding. */
export async function picture(width: number, height: number, format: "jpeg" | "png" | "webp") {
  const result = await env.IMAGES.input(new Blob([seedPng]).stream())
    .transform({ width, height, fit: "squeeze" })
    .output({ format: `image/${format}` });
  return bytesOf(result.response());
}

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

/**
 * A big-endian TIFF block as a phone writes it: the orientation, and a GPS directory with the
 * latitude (39° 17' 25.44" N) and a datum holding the marker.
 */
function exifTiff(orientation: number): Uint8Array {
  const out = new DataView(new ArrayBuffer(104 + GPS_MARKER.length + 1));
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    out.setUint16(at, tag);
    out.setUint16(at + 2, type);
    out.setUint32(at + 4, count);
    if (type === 3) out.setUint16(at + 8, value);
    else out.setUint32(at + 8, value);
  };
  out.setUint16(0, 0x4d4d);
  out.setUint16(2, 42);
  out.setUint32(4, 8);
  out.setUint16(8, 2);
  entry(10, 0x0112, 3, 1, orientation);
  entry(22, 0x8825, 4, 1, 38);
  out.setUint32(34, 0);
  out.setUint16(38, 3);
  entry(40, 0x0001, 2, 2, 0x4e000000);
  entry(52, 0x0002, 5, 3, 80);
  entry(64, 0x0012, 2, GPS_MARKER.length + 1, 104);
  out.setUint32(76, 0);
  [39, 1, 17, 1, 2544, 100].forEach((value, i) => {
    out.setUint32(80 + i * 4, value);
  });
  const bytes = new Uint8Array(out.buffer);
  bytes.set(ascii(GPS_MARKER), 104);
  return bytes;
}

/** The JPEG with an APP1 EXIF segment (GPS and orientation) right after its start marker. */
export function jpegWithExif(jpeg: Uint8Array, orientation = 1): Uint8Array {
  const payload = concat(ascii("Exif\0\0"), exifTiff(orientation));
  const header = Uint8Array.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  return concat(jpeg.subarray(0, 2), header, payload, jpeg.subarray(2));
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(ascii(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The PNG with a text chunk and an EXIF chunk holding the marker, after its header chunk. */
export function pngWithText(png: Uint8Array): Uint8Array {
  const afterHeader = 8 + 25;
  return concat(
    png.subarray(0, afterHeader),
    pngChunk("tEXt", ascii(`Location\0${GPS_MARKER}`)),
    pngChunk("eXIf", exifTiff(1)),
    png.subarray(afterHeader),
  );
}

/**
 * The JPEG with an APP1 EXIF segment and a comment placed after its first scan, before the end
 * marker: where a progressive file's later scans begin, and where a crafted file hides them.
 */
export function jpegWithExifAfterScan(jpeg: Uint8Array): Uint8Array {
  const payload = concat(ascii("Exif\0\0"), exifTiff(1));
  const app1 = Uint8Array.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  const note = ascii(`near ${GPS_MARKER}`);
  const com = Uint8Array.from([0xff, 0xfe, (note.length + 2) >> 8, (note.length + 2) & 0xff]);
  const end = jpeg.length - 2;
  return concat(jpeg.subarray(0, end), app1, payload, com, note, jpeg.subarray(end));
}

/** The PNG with a content-credentials chunk and a private chunk, both naming the place. */
export function pngWithOddChunks(png: Uint8Array): Uint8Array {
  const afterHeader = 8 + 25;
  return concat(
    png.subarray(0, afterHeader),
    pngChunk("caBX", ascii(`claim ${GPS_MARKER}`)),
    pngChunk("prVt", ascii(GPS_MARKER)),
    png.subarray(afterHeader),
  );
}

/** The (simple, lossy) WebP turned into an extended one that carries an EXIF and an XMP chunk. */
export function webpWithExif(webp: Uint8Array, width: number, height: number): Uint8Array {
  const riffChunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(8 + data.length + (data.length % 2));
    out.set(ascii(type));
    new DataView(out.buffer).setUint32(4, data.length, true);
    out.set(data, 8);
    return out;
  };
  // Flags (EXIF and XMP present), three reserved bytes, then width - 1 and height - 1 in three
  // little-endian bytes each.
  const le24 = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16];
  const vp8x = Uint8Array.from([0x0c, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);
  const body = concat(
    ascii("WEBP"),
    riffChunk("VP8X", vp8x),
    webp.subarray(12),
    riffChunk("EXIF", exifTiff(1)),
    riffChunk("XMP ", ascii(`<x:xmpmeta>${GPS_MARKER}</x:xmpmeta>`)),
    riffChunk("LOCA", ascii(GPS_MARKER)),
  );
  const header = concat(ascii("RIFF"), new Uint8Array(4));
  new DataView(header.buffer).setUint32(4, body.length, true);
  return concat(header, body);
}

/** Whether `haystack` contains the bytes of `needle`. */
export function contains(haystack: Uint8Array, needle: string): boolean {
  const bytes = ascii(needle);
  outer: for (let i = 0; i + bytes.length <= haystack.length; i++) {
    for (let j = 0; j < bytes.length; j++) if (haystack[i + j] !== bytes[j]) continue outer;
    return true;
  }
  return false;
}

/** Every object in the photo bucket, with its bytes. */
export async function storedObjects(): Promise<{ key: string; bytes: Uint8Array }[]> {
  const listing = await env.PHOTOS.list({ limit: 1000 });
  return Promise.all(
    // The nightly database copies share the bucket (a cron run writes them); they are no upload.
    listing.objects
      .filter(({ key }) => !key.startsWith("backups/"))
      .map(async ({ key }) => {
        const object = await env.PHOTOS.get(key);
        return { key, bytes: new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0)) };
      }),
  );
}

export async function emptyBucket() {
  const listing = await env.PHOTOS.list({ limit: 1000 });
  if (listing.objects.length) await env.PHOTOS.delete(listing.objects.map((object) => object.key));
}

/** What the editor sends: one file's bytes, its name in a header, the type the browser guessed. */
export function upload(
  cookie: string,
  bytes: Uint8Array | ReadableStream<Uint8Array>,
  name: string,
  options: { type?: string; headers?: Record<string, string>; overrides?: Partial<Env> } = {},
) {
  return adminCall(
    "/api/admin/photos",
    {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: ORIGIN,
        "Content-Type": options.type ?? "image/jpeg",
        "X-File-Name": encodeURIComponent(name),
        ...(bytes instanceof Uint8Array ? { "Content-Length": String(bytes.length) } : {}),
        ...options.headers,
      },
      body: bytes,
      ...(bytes instanceof Uint8Array ? {} : { duplex: "half" }),
    } as RequestInit,
    options.overrides,
  );
}

export interface UploadAnswer {
  photo: { key: string; width: number; height: number; placeholder: string; name: string };
  image: { source: "upload"; key: string; width: number; height: number; placeholder: string };
}

export interface ErrorAnswer {
  error: { code: string; message: string };
}

/**
 * The Studio over an empty photo bucket and photo table, signed in afresh before each test. The
 * content is seeded once a file: versions only ever grow, as in production, where a worker keeps
 * what it parsed of each version number for its life. Returns the session's cookie.
 */
export function photoStudio(): () => string {
  let cookie = "";
  beforeAll(seedContent);
  beforeEach(async () => {
    quietLogs();
    await emptyBucket();
    await env.DB.prepare("DELETE FROM photos").run();
    cookie = (await signedInAdmin()).cookie;
  });
  return () => cookie;
}
