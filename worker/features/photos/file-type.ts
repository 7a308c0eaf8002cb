/**
 * What a file really is, read from its first bytes: the type the browser claims (and the name's
 * extension) is whatever the phone or a renamed file says, so neither is trusted.
 */
export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

export type SniffedType =
  | { kind: "photo"; type: PhotoType }
  /** An iPhone's HEIC/HEIF photo (or another ISO-BMFF still image such as AVIF). */
  | { kind: "heif"; brand: string }
  | { kind: "other" };

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const heifBrands = new Set([
  "heic",
  "heix",
  "heim",
  "heis",
  "hevc",
  "hevx",
  "hevm",
  "hevs",
  "mif1",
  "msf1",
  "avif",
  "avis",
]);

export function sniffType(head: Uint8Array): SniffedType {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: "photo", type: "image/jpeg" };
  if (ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return { kind: "photo", type: "image/png" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP")
    return { kind: "photo", type: "image/webp" };
  if (ascii(head, 4, 4) === "ftyp") {
    const brand = ascii(head, 8, 4);
    if (heifBrands.has(brand)) return { kind: "heif", brand };
  }
  return { kind: "other" };
}
