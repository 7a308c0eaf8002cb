import { consultationSchema } from "../schemas/consultation";
import { consultationStatuses } from "../statuses";
import { defineSubmissionKind } from "./define";

/** Free-consultation requests from /book-consultation. */
export const consultationKind = defineSubmissionKind({
  name: "consultation",
  path: "consultations",
  collection: "consultations",
  table: "consultation_requests",
  label: "consultation request",
  schema: consultationSchema,
  columns: ({ text }) => ({
    phone: text("phone").notNull(),
    tattooIdea: text("tattoo_idea").notNull(),
    size: text("size"),
    placement: text("placement"),
    timeframe: text("timeframe"),
    experience: text("experience"),
    budget: text("budget"),
    availability: text("availability"),
    flashDesign: text("flash_design"),
  }),
  toRow: (data) => ({
    phone: data.phone,
    tattooIdea: data.tattooIdea,
    size: data.size,
    placement: data.placement,
    timeframe: data.timeframe,
    experience: data.experience,
    budget: data.budget,
    availability: data.availability,
    flashDesign: data.flashDesign,
  }),
  statuses: consultationStatuses,
  initialStatus: "pending",
  answeredStatus: "completed",
  offersBooking: true,
  fields: [
    { column: "phone", label: "Phone" },
    { column: "tattooIdea", label: "Tattoo idea", long: true },
    { column: "size", label: "Size" },
    { column: "placement", label: "Placement" },
    { column: "timeframe", label: "Timeframe" },
    { column: "experience", label: "Experience" },
    { column: "budget", label: "Budget" },
    { column: "availability", label: "Availability" },
    { column: "flashDesign", label: "Flash design", refersTo: "flash" },
  ],
  summaryColumn: "tattooIdea",
  searchColumns: ["name", "email", "phone", "tattooIdea", "placement", "size", "adminNotes"],
  notification: {
    subject: (name) => `New consultation request from ${name}`,
    intro: "A new free-consultation request arrived through the website.",
  },
  retentionDays: 3 * 365,
});
