import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { consultationStatuses, contactStatuses } from "../../shared/statuses";

/** UTC ISO-8601 with milliseconds, set by the database so no client clock is trusted. */
const utcNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** Consultation requests from /book-consultation (shell-and-admin.md 3). */
export const consultationRequests = sqliteTable(
  "consultation_requests",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    tattooIdea: text("tattoo_idea").notNull(),
    size: text("size"),
    placement: text("placement"),
    timeframe: text("timeframe"),
    experience: text("experience"),
    budget: text("budget"),
    availability: text("availability"),
    status: text("status", { enum: consultationStatuses }).notNull().default("pending"),
    createdAt: text("created_at").notNull().default(utcNow),
    updatedAt: text("updated_at").notNull().default(utcNow),
    adminNotes: text("admin_notes"),
  },
  (table) => [
    check("consultation_requests_status_check", sql`${table.status} IN (${inList(consultationStatuses)})`),
    index("consultation_requests_status_created_idx").on(table.status, table.createdAt),
    index("consultation_requests_created_idx").on(table.createdAt),
  ],
);

/** Messages from the contact form on /contact (shell-and-admin.md 3). */
export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    serviceInterest: text("service_interest"),
    message: text("message").notNull(),
    newsletterSignup: integer("newsletter_signup", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: contactStatuses }).notNull().default("unread"),
    createdAt: text("created_at").notNull().default(utcNow),
    updatedAt: text("updated_at").notNull().default(utcNow),
    adminNotes: text("admin_notes"),
    respondedAt: text("responded_at"),
    respondedBy: text("responded_by"),
  },
  (table) => [
    check("contact_submissions_status_check", sql`${table.status} IN (${inList(contactStatuses)})`),
    check("contact_submissions_newsletter_check", sql`${table.newsletterSignup} IN (0, 1)`),
    index("contact_submissions_status_created_idx").on(table.status, table.createdAt),
    index("contact_submissions_created_idx").on(table.createdAt),
  ],
);

/** The artist's sign-in accounts (issue 7 builds sign-in on this table). */
export const admins = sqliteTable(
  "admins",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`, peppered with a server secret. */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["admin"] })
      .notNull()
      .default("admin"),
    createdAt: text("created_at").notNull().default(utcNow),
    updatedAt: text("updated_at").notNull().default(utcNow),
  },
  (table) => [check("admins_role_check", sql`${table.role} IN ('admin')`)],
);

export type ConsultationRequest = typeof consultationRequests.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type Admin = typeof admins.$inferSelect;
