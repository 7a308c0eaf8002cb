import { contactSchema } from "../schemas/contact";
import { contactStatuses } from "../statuses";
import { defineSubmissionKind } from "./define";

/** Messages from the contact form on /contact. */
export const contactKind = defineSubmissionKind({
  name: "contact",
  path: "contact",
  collection: "contacts",
  table: "contact_submissions",
  label: "contact message",
  schema: contactSchema,
  columns: ({ text, integer }) => ({
    phone: text("phone"),
    serviceInterest: text("service_interest"),
    message: text("message").notNull(),
    newsletterSignup: integer("newsletter_signup", { mode: "boolean" }).notNull().default(false),
    respondedAt: text("responded_at"),
    respondedBy: text("responded_by"),
  }),
  toRow: (data) => ({
    phone: data.phone,
    serviceInterest: data.service,
    message: data.message,
    newsletterSignup: data.newsletter,
  }),
  statuses: contactStatuses,
  initialStatus: "unread",
  answeredStatus: "responded",
  stampsResponse: true,
  fields: [
    { column: "phone", label: "Phone" },
    { column: "serviceInterest", label: "Service interest" },
    { column: "message", label: "Message", long: true },
    { column: "newsletterSignup", label: "Newsletter" },
  ],
  summaryColumn: "message",
  searchColumns: ["name", "email", "phone", "serviceInterest", "message", "adminNotes"],
  notification: {
    subject: (name) => `New contact message from ${name}`,
    intro: "A new message arrived through the website's contact form.",
  },
  retentionDays: 2 * 365,
});
