import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import { ApiError } from "../../platform/api-error";
import { fromBase64, toBase64Url } from "../../platform/crypto";
import { log } from "../../platform/log";
import {
  deletePasskey,
  findPasskey,
  insertPasskey,
  listPasskeys,
  markPasskeyUsed,
  renamePasskey,
  saveChallenge,
  takeChallenge,
} from "./passkey-queries";
import { findAdminById } from "./queries";
import { recordSecurityEvent } from "./security-event-queries";

/** A ceremony's challenge lives five minutes; the browser's own timeout is the same. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Who the passkeys belong to: the site's host, and the origin the browser must report. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The site's address from SITE_URL; outside production a request on another host (local
 * development) uses its own, since a passkey is bound to the host it was made on.
 */
export function relyingParty(
  env: { SITE_URL?: string; ENVIRONMENT?: string },
  requestUrl: string,
): RelyingParty {
  const site = new URL(env.SITE_URL || requestUrl);
  const here = new URL(requestUrl);
  const url = env.ENVIRONMENT === "production" || here.host === site.host ? site : here;
  return { id: url.hostname, origin: url.origin };
}

const refused = (message: string) => new ApiError(400, message, { code: "passkey_refused" });

/** The challenge the browser signed, read from its client data (the library checks the rest). */
function challengeOf(clientDataJSON: string): string {
  try {
    const json = JSON.parse(new TextDecoder().decode(fromBase64(clientDataJSON))) as {
      challenge?: unknown;
    };
    if (typeof json.challenge === "string") return json.challenge;
  } catch {}
  throw refused("This passkey response could not be read.");
}

export async function registrationOptions(
  db: DrizzleD1Database,
  rp: RelyingParty,
  admin: { id: string; email: string },
  now: number,
) {
  const existing = await listPasskeys(db, admin.id);
  const options = await generateRegistrationOptions({
    rpName: "Gilded Needle admin",
    rpID: rp.id,
    userName: admin.email,
    userID: Uint8Array.from(new TextEncoder().encode(admin.id)),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: CHALLENGE_TTL_MS,
  });
  await saveChallenge(
    db,
    {
      challenge: options.challenge,
      purpose: "register",
      adminId: admin.id,
      expiresAt: iso(now + CHALLENGE_TTL_MS),
    },
    iso(now),
  );
  return options;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Verifies a new passkey for the signed-in admin and stores it; the event is e-mailed to her. */
export async function registerPasskey(
  db: DrizzleD1Database,
  rp: RelyingParty,
  adminId: string,
  input: { response: RegistrationResponseJSON; name: string },
  now: number,
  /** Given the id of the e-mail telling her of the new passkey, to send it after the answer. */
  securityMailQueued?: (mailId: string) => void,
) {
  const challenge = await takeChallenge(
    db,
    challengeOf(input.response.response.clientDataJSON),
    "register",
    iso(now),
  );
  if (!challenge || challenge.adminId !== adminId)
    throw refused("This passkey request has expired. Please try again.");
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    log("warn", "passkey registration refused", {
      error: error instanceof Error ? error.message : String(error),
    });
    throw refused("This passkey could not be verified.");
  }
  if (!verification.verified) throw refused("This passkey could not be verified.");
  const { credential } = verification.registrationInfo;
  if (await findPasskey(db, credential.id)) throw refused("This passkey is already registered.");
  await insertPasskey(db, {
    id: credential.id,
    adminId,
    publicKey: toBase64Url(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name: input.name,
  });
  const mailId = await recordSecurityEvent(
    db,
    {
      adminId,
      event: "passkey_added",
      detail: `Passkey "${input.name}" was added.`,
      dedupeKey: `passkey:${credential.id}`,
    },
    iso(now),
  );
  if (mailId) securityMailQueued?.(mailId);
  log("info", "passkey added", { adminId });
  return { id: credential.id, name: input.name };
}

export async function authenticationOptions(db: DrizzleD1Database, rp: RelyingParty, now: number) {
  // No list of credentials: the browser offers the passkeys it holds for this site (discoverable).
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
  });
  await saveChallenge(
    db,
    {
      challenge: options.challenge,
      purpose: "authenticate",
      adminId: null,
      expiresAt: iso(now + CHALLENGE_TTL_MS),
    },
    iso(now),
  );
  return options;
}

/** Checks a passkey sign-in; the admin it proves, or a 400 that says nothing about which part failed. */
export async function authenticatePasskey(
  db: DrizzleD1Database,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now: number,
) {
  const challenge = await takeChallenge(
    db,
    challengeOf(response.response.clientDataJSON),
    "authenticate",
    iso(now),
  );
  if (!challenge) throw refused("This sign-in request has expired. Please try again.");
  const passkey = await findPasskey(db, response.id);
  if (!passkey) throw refused("This passkey is not registered here.");
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: fromBase64(passkey.publicKey),
        counter: passkey.counter,
        transports: JSON.parse(passkey.transports),
      },
      requireUserVerification: true,
    });
  } catch (error) {
    log("warn", "passkey sign-in refused", { error: error instanceof Error ? error.message : String(error) });
    throw refused("This passkey could not be verified.");
  }
  if (!verification.verified) throw refused("This passkey could not be verified.");
  await markPasskeyUsed(db, passkey.id, verification.authenticationInfo.newCounter, iso(now));
  const admin = await findAdminById(db, passkey.adminId);
  if (!admin) throw refused("This passkey is not registered here.");
  return admin;
}

/** The artist's passkeys as her settings list them: no key material leaves the server. */
export async function passkeysOf(d1: D1Database, adminId: string) {
  const rows = await listPasskeys(drizzle(d1), adminId);
  return rows.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }));
}

/** Renames one of the admin's own passkeys; false when she has none with that id. */
export async function renameAdminPasskey(d1: D1Database, adminId: string, id: string, name: string) {
  return Boolean(await renamePasskey(drizzle(d1), adminId, id, name));
}

/** Removes one of the admin's own passkeys; false when she has none with that id. */
export async function removeAdminPasskey(d1: D1Database, adminId: string, id: string) {
  return Boolean(await deletePasskey(drizzle(d1), adminId, id));
}
