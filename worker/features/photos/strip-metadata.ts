/**
 * Removes a photo's metadata at the byte level, pixels untouched: what a phone writes beside
 * the picture (EXIF with its GPS position, XMP, comments, text chunks) must not be kept even in
 * the private original. The one fact kept is the EXIF orientation, as a minimal EXIF block of its
 * own, so the original still displays upright and the sizes made from it are turned the right way.
 *
 * Throws MalformedPhoto when the container's structure is broken (a truncated or corrupt file).
 */
import { concat } from "../../platform/crypto";
import type { PhotoType } from "./file-type";

export class MalformedPhoto extends Error {}

export function stripMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array {
  if (type === "image/jpeg") return stripJpeg(bytes);
  if (type === "image/png") return stripPng(bytes);
  return stripWebp(bytes);
}

// JPEG: segments up to the start of the scan. APP0 (JFIF), APP2 (the ICC colour profile: colours,
// no personal data) and APP14 (Adobe: how CMYK pixels decode) stay; every other APPn (EXIF, XMP,
// maker notes, IPTC) and comments go.
const keptAppSegments = new Set([0xe0, 0xe2, 0xee]);

function stripJpeg(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation = 1;
  let at = 2;
  while (true) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) throw new MalformedPhoto("broken JPEG segment");
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new MalformedPhoto("truncated JPEG segment");
    if (marker === 0xda) {
      // The first scan: from here the pixels are kept as they are, and between the scans of a
      // progressive file only the tables and scan headers the pixels need, never an APPn or a
      // comment placed there (a crafted file can hide its EXIF between two scans).
      if (orientation !== 1) parts.push(orientationExif(orientation));
      parts.push(...scans(bytes, at));
      return concat(...parts);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (marker === 0xe1) orientation = exifOrientation(bytes.subarray(at + 4, end)) ?? orientation;
    if (!(isApp && !keptAppSegments.has(marker)) && marker !== 0xfe) parts.push(bytes.subarray(at, end));
    at = end;
  }
}

/**
 * The scans from the first start-of-scan at `from` to the end-of-image marker: each scan's
 * entropy-coded data as it is (in which 0xFF is followed only by 0x00 or a restart marker), and
 * between scans the table and scan-header segments; APPn and comment segments between scans are
 * dropped, and whatever follows the end marker (a motion photo's video, with its own location)
 * goes. Without the end marker the file was cut off.
 */
function scans(bytes: Uint8Array, from: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let at = from;
  while (true) {
    // A marker segment at `at` (its FF and code, then its length).
    if (at + 1 >= bytes.length || bytes[at] !== 0xff) throw new MalformedPhoto("broken JPEG scan");
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9) {
      parts.push(bytes.subarray(at, at + 2));
      return parts;
    }
    if (at + 4 > bytes.length) throw new MalformedPhoto("truncated JPEG segment");
    const end = at + 2 + (((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0));
    if (end > bytes.length || end < at + 4) throw new MalformedPhoto("truncated JPEG segment");
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (!isApp && marker !== 0xfe) parts.push(bytes.subarray(at, end));
    at = end;
    if (marker !== 0xda) continue;
    // The scan's data runs to the next marker that is neither stuffing (FF 00) nor a restart.
    let next = bytes.indexOf(0xff, at);
    while (next >= 0) {
      const code = bytes[next + 1];
      if (code === undefined) break;
      if (code !== 0x00 && !(code >= 0xd0 && code <= 0xd7) && code !== 0xff) break;
      next = bytes.indexOf(0xff, next + (code === 0xff ? 1 : 2));
    }
    if (next < 0 || next + 1 >= bytes.length) throw new MalformedPhoto("JPEG without its end marker");
    parts.push(bytes.subarray(at, next));
    at = next;
  }
}

/** The orientation tag (0x0112) of an APP1 EXIF payload, or null. */
function exifOrientation(payload: Uint8Array): number | null {
  if (String.fromCharCode(...payload.subarray(0, 4)) !== "Exif") return null;
  const tiff = payload.subarray(6);
  if (tiff.length < 8) return null;
  const little = tiff[0] === 0x49;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding an EXIF block with the orientation tag alone. */
function orientationExif(orientation: number): Uint8Array {
  const tiff = [
    ...[0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8], // big-endian TIFF header, directory at offset 8
    ...[0, 1], // one entry:
    ...[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0], // orientation, a SHORT, its value
    ...[0, 0, 0, 0], // no further directory
  ];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const length = payload.length + 2;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

// PNG: an allow-list. The picture's chunks and those that say how to show its colours stay;
// everything else goes: text, EXIF, the modification time, content credentials (caBX) and any
// private or unknown chunk, whatever it is called.
const keptPngChunks = new Set([
  "IHDR",
  "PLTE",
  "IDAT",
  "IEND",
  "tRNS",
  "cHRM",
  "gAMA",
  "iCCP",
  "sBIT",
  "sRGB",
  "cICP",
  "mDCv",
  "cLLi",
  "bKGD",
  "pHYs",
  "acTL",
  "fcTL",
  "fdAT",
]);

function stripPng(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw new MalformedPhoto("truncated PNG chunk");
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length) throw new MalformedPhoto("truncated PNG chunk");
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (keptPngChunks.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return concat(...parts);
  }
  throw new MalformedPhoto("PNG without its end chunk");
}

// WebP: an allow-list: the picture's chunks (lossy, lossless, alpha, animation frames) and the
// colour profile stay; EXIF, XMP and any unknown chunk go, and the extended header stops
// announcing metadata.
const keptWebpChunks = new Set(["VP8 ", "VP8L", "ALPH", "ANIM", "ANMF", "ICCP"]);
function stripWebp(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const declared = view.getUint32(4, true) + 8;
  if (declared > bytes.length) throw new MalformedPhoto("truncated WebP");
  const parts: Uint8Array[] = [];
  let at = 12;
  while (at < declared) {
    if (at + 8 > declared) throw new MalformedPhoto("truncated WebP chunk");
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (end > declared) throw new MalformedPhoto("truncated WebP chunk");
    const type = String.fromCharCode(...bytes.subarray(at, at + 4));
    if (type === "VP8X") {
      const chunk = bytes.slice(at, end);
      // Flags: bit 3 EXIF, bit 2 XMP.
      chunk[8] = (chunk[8] ?? 0) & ~0x0c;
      parts.push(chunk);
    } else if (keptWebpChunks.has(type)) {
      parts.push(bytes.subarray(at, end));
    }
    at = end;
  }
  const body = concat(...parts);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat(header, body);
}
