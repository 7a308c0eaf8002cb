import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { open } from "../../worker/features/release-forms/crypto";
import { readFormTicket } from "../../worker/features/requests/form-ticket";
import { readDevice, signDevice } from "../../worker/features/sign-in/device-cookie";
import {
  fromBase64,
  randomToken,
  sameBytes,
  sameText,
  sha256Hex,
  textFromBase64Url,
  textToBase64Url,
  toBase64,
  toBase64Url,
  toHex,
  tryFromBase64,
} from "../../worker/platform/crypto";

// What the hand-written encoders this module replaced produced, kept as the reference: values
// stored or sent before it (sealed forms, status-link ciphertexts, passkeys, cookies) must read.
const legacyBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const legacyBase64Url = (bytes: Uint8Array) =>
  legacyBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("the crypto module's encodings", () => {
  it("writes what the old encoders wrote, for every length and byte", () => {
    for (let length = 0; length < 40; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      bytes[0 % Math.max(length, 1)] = 0xff;
      expect(toBase64(bytes)).toBe(legacyBase64(bytes));
      expect(toBase64Url(bytes)).toBe(legacyBase64Url(bytes));
      expect(toHex(bytes)).toBe([...bytes].map((b) => b.toString(16).padStart(2, "0")).join(""));
      expect(fromBase64(legacyBase64(bytes))).toEqual(bytes);
      expect(fromBase64(legacyBase64Url(bytes))).toEqual(bytes);
    }
  });

  it("refuses what is not base64 instead of guessing", () => {
    expect(tryFromBase64("not base64!")).toBeNull();
    expect(tryFromBase64("abcde")).toBeNull();
    expect(textFromBase64Url(toBase64Url(new Uint8Array([0xc3, 0x28])))).toBeNull();
  });

  it("carries any text through base64url and back", () => {
    for (const text of ["admin-1", "ünïcode ✓", '["2026-01-01T00:00:00.000Z","id"]']) {
      expect(textFromBase64Url(textToBase64Url(text))).toBe(text);
    }
  });
});

describe("tokens", () => {
  it("are 256 random bits as 43 base64url characters unless asked otherwise, and never repeat", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken({ bytes: 16, encoding: "hex" })).toMatch(/^[0-9a-f]{32}$/);
  });

  it("never carry fewer than 128 random bits", () => {
    expect(() => randomToken({ bytes: 8 })).toThrow(RangeError);
  });
});

describe("comparisons and digests", () => {
  it("tell equal bytes from different ones, of the same length or not", () => {
    expect(sameBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(sameBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(sameBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
    expect(sameText("abc", "abc")).toBe(true);
    expect(sameText("abc", "abd")).toBe(false);
    expect(sameText("abc", "")).toBe(false);
  });

  it("hash as stored token hashes always were: SHA-256 as lowercase hex", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

// Written by the code before this module (its base64 and HMAC by hand), under the test secrets:
// what is already stored in rows and browsers must still open and verify.
describe("values written before the crypto module", () => {
  const secret = "test-only-jwt-secret-0123456789abcdef0123456789";

  it("still opens a release form sealed then", async () => {
    const sealed = {
      ciphertext: "Er2WeqtHOf9Ji/NmKPeyvFabidniXDIMwibWUvpH0tt5xk++uaJqrKyyQ/gWdNJlJDk=",
      iv: "AxgtQldsgZarwNXq",
      keyVersion: "363b8821f24d00e6",
    };
    expect(await open(env, "form-legacy-1", sealed)).toEqual({ name: "Ada Ünïcode", ok: true });
  });

  it("still knows a device cookie and a form ticket signed then, and no altered copy", async () => {
    const device =
      "0123456789abcdef0123456789abcdef.YWRtaW4tw7wtMQ.af225226943e6385c95c5e7d0039c792b3f2c7608180f6184442b4054854c6aa";
    expect(await readDevice(secret, device)).toEqual({
      deviceId: "0123456789abcdef0123456789abcdef",
      adminId: "admin-ü-1",
    });
    expect(
      await signDevice(secret, { deviceId: "0123456789abcdef0123456789abcdef", adminId: "admin-ü-1" }),
    ).toBe(device);
    expect(await readDevice(secret, device.replace(/a$/, "b"))).toBeNull();
    const issuedAt = 1764300000000;
    const ticket = `${issuedAt}.fedcba9876543210fedcba9876543210.a0d9ca3296cb4c82fd877082e0ee1e7922051f85c657044ec83fd1009efc7755`;
    expect(await readFormTicket(secret, ticket, issuedAt + 60_000)).toEqual({
      issuedAt,
      id: "fedcba9876543210fedcba9876543210",
    });
    expect(await readFormTicket(secret, ticket.replace(/5$/, "6"), issuedAt + 60_000)).toBeNull();
  });
});
