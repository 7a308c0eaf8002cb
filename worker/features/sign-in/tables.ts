import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { submissionKindNames } from "../../../shared/submission-kinds";
import { checkOneOf, createdNow, rowNumber, textId, updatedNow, utcNow } from "../../platform/db/columns";

// The admin area's tables: accounts, server-side sessions, sign-in throttling and the audit trail.

/** The artist's sign-in accounts. */
export const admins = sqliteTable(
  "admins",
  {
    id: textId(),
    email: text("email").notNull().unique(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`, peppered with a server secret. */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["admin"] })
      .notNull()
      .default("admin"),
    createdAt: createdNow(),
    updatedAt: updatedNow(),
  },
  (table) => [check("admins_role_check", sql`${table.role} IN ('admin')`)],
);

/** The account a row belongs to: the row is deleted with it. */
export const adminOwner = () =>
  text("admin_id")
    .notNull()
    .references(() => admins.id, { onDelete: "cascade" });

/**
 * Server-side admin sessions: the signed cookie names one of these rows by its `sid` claim, so
 * signing out (or resetting a password) ends the session on the server and the old token is
 * refused. 30 minutes idle (last_seen_at) and 8 hours absolute (expires_at).
 */
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: textId(),
    adminId: adminOwner(),
    createdAt: createdNow(),
    lastSeenAt: text("last_seen_at").notNull().default(utcNow),
    /** Absolute end of the session: created_at + 8 hours. */
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (table) => [index("admin_sessions_admin_idx").on(table.adminId)],
);

/**
 * Failed sign-in attempts, one row each, keyed by account ("email:<sha-256>") or by address
 * ("ip:<sha-256>"); hashed so the table keeps no e-mail address or IP address in clear.
 */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: rowNumber(),
    key: text("key").notNull(),
    createdAt: createdNow(),
  },
  (table) => [
    index("login_failures_key_created_idx").on(table.key, table.createdAt),
    index("login_failures_created_idx").on(table.createdAt),
  ],
);

/** Every change an admin makes to a request or a message: who, when, what. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: rowNumber(),
    adminId: text("admin_id").notNull(),
    adminEmail: text("admin_email").notNull(),
    /** The kind of submission changed: its descriptor's name. */
    entity: text("entity", { enum: submissionKindNames }).notNull(),
    entityId: text("entity_id").notNull(),
    /** e.g. "status" or "notes". */
    action: text("action").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    createdAt: createdNow(),
  },
  (table) => [
    checkOneOf("audit_log_entity_check", table.entity, submissionKindNames),
    index("audit_log_created_idx").on(table.createdAt),
    index("audit_log_entity_idx").on(table.entity, table.entityId),
  ],
);

/** What happens to the artist's account that she must hear about. */
export const securityEventKinds = ["lockout", "passkey_added"] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

/**
 * The account's security trail (every lockout, every new passkey) and, in the same row, the
 * e-mail telling her about it: the submissions' outbox and audit log are tied to submissions by
 * their CHECKs, which SQLite cannot change without rebuilding those tables. No CHECK on the
 * event here, for the same reason: a new kind of event must not need a rebuild.
 */
export const securityEvents = sqliteTable(
  "security_events",
  {
    id: rowNumber(),
    adminId: text("admin_id").notNull(),
    event: text("event", { enum: securityEventKinds }).notNull(),
    /** A short description without personal data, e.g. which budget ran out. */
    detail: text("detail").notNull(),
    /** One event per occurrence, however many requests notice it at once. */
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: createdNow(),
  },
  (table) => [
    uniqueIndex("security_events_dedupe_idx").on(table.dedupeKey),
    index("security_events_admin_idx").on(table.adminId, table.createdAt),
  ],
);

export type Admin = typeof admins.$inferSelect;
export type AdminSession = typeof adminSessions.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type SecurityEvent = typeof securityEvents.$inferSelect;
