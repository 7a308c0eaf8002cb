import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdNow, textId } from "../../platform/db/columns";
import { adminOwner } from "./tables";

// The artist's passkeys (WebAuthn credentials) and the one-time challenges of their ceremonies.

export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id as the authenticator gave it, base64url. */
    id: textId(),
    adminId: adminOwner(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter; one that goes backwards marks a cloned key. */
    counter: integer("counter").notNull().default(0),
    /** JSON array of transports ("internal", "hybrid", "usb", ...), hints for the browser. */
    transports: text("transports").notNull().default("[]"),
    name: text("name").notNull(),
    createdAt: createdNow(),
    lastUsedAt: text("last_used_at"),
  },
  (table) => [index("passkeys_admin_idx").on(table.adminId)],
);

/**
 * Challenges handed out for a registration or a sign-in: each is deleted when used, whatever
 * the outcome, and refused after its expiry, so a captured response can never be replayed.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["register", "authenticate"] }).notNull(),
    /** The signed-in admin a registration is for; null for a sign-in. */
    adminId: text("admin_id"),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [index("webauthn_challenges_expires_idx").on(table.expiresAt)],
);

export type Passkey = typeof passkeys.$inferSelect;
