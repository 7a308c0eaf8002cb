import { hmacSha256Hex } from "../lib/sha256";

/**
 * A device the artist has signed in from before: a long-lived cookie naming a random device id
 * and her account, signed with the server's session secret. Outsiders cannot make one, so a
 * request that carries it is held to its own small failure budget instead of the account's
 * budget for unknown devices, which anyone can use up by guessing.
 */
export const DEVICE_COOKIE = "__Host-gn_device";
/** Browsers keep a cookie for 400 days at most; ask for that, renewed at each sign-in. */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

export interface KnownDevice {
  deviceId: string;
  adminId: string;
}

const toB64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function fromB64Url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
      Uint8Array.from(binary, (ch) => ch.charCodeAt(0)),
    );
  } catch {
    return null;
  }
}

const mac = (secret: string, device: KnownDevice) =>
  hmacSha256Hex(secret, `admin-device:${device.deviceId}:${device.adminId}`);

/** A fresh device id: 128 random bits as hex. */
export function newDeviceId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function signDevice(secret: string, device: KnownDevice): Promise<string> {
  return `${device.deviceId}.${toB64Url(device.adminId)}.${await mac(secret, device)}`;
}

/** The device a cookie names, or null for anything that is not a cookie this server signed. */
export async function readDevice(secret: string, value: string | undefined): Promise<KnownDevice | null> {
  const [deviceId, adminPart, signature, ...rest] = (value ?? "").split(".");
  if (rest.length || !deviceId || !/^[0-9a-f]{32}$/.test(deviceId) || !adminPart || !signature) return null;
  const adminId = fromB64Url(adminPart);
  if (!adminId) return null;
  const expected = await mac(secret, { deviceId, adminId });
  // Compare every character, so the time taken says nothing about how much of a forgery matched.
  let diff = expected.length ^ signature.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (signature.charCodeAt(i) || 0);
  return diff === 0 ? { deviceId, adminId } : null;
}
