import {
  hmacSha256Hex,
  randomToken,
  sameText,
  textFromBase64Url,
  textToBase64Url,
} from "../../platform/crypto";

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

const mac = (secret: string, device: KnownDevice) =>
  hmacSha256Hex(secret, `admin-device:${device.deviceId}:${device.adminId}`);

/** A fresh device id: 128 random bits as hex. */
export function newDeviceId(): string {
  return randomToken({ bytes: 16, encoding: "hex" });
}

export async function signDevice(secret: string, device: KnownDevice): Promise<string> {
  return `${device.deviceId}.${textToBase64Url(device.adminId)}.${await mac(secret, device)}`;
}

/** The device a cookie names, or null for anything that is not a cookie this server signed. */
export async function readDevice(secret: string, value: string | undefined): Promise<KnownDevice | null> {
  const [deviceId, adminPart, signature, ...rest] = (value ?? "").split(".");
  if (rest.length || !deviceId || !/^[0-9a-f]{32}$/.test(deviceId) || !adminPart || !signature) return null;
  const adminId = textFromBase64Url(adminPart);
  if (!adminId) return null;
  return sameText(await mac(secret, { deviceId, adminId }), signature) ? { deviceId, adminId } : null;
}
