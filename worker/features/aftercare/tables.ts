import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { updatedNow } from "../../platform/db/columns";
import { consultationRequests } from "../requests/kind-tables";

/**
 * Aftercare after a completed session (docs/decisions/020-quote-to-healed.md, "Aftercare"): what
 * the client chose on the status page. The reminder e-mails the cron queues are rows of the mail
 * queue (kind "aftercare", the session as subject, the day of healing as topic). Both go with
 * their request.
 */

/**
 * One row per request, written the first time the client chooses anything. Each choice is a
 * time or null, so the row says both what holds now and since when; taking a choice back clears
 * its time and stamps the withdrawal.
 */
export const aftercareChoices = sqliteTable("aftercare_choices", {
  submissionId: text("submission_id")
    .primaryKey()
    .references(() => consultationRequests.id, { onDelete: "cascade" }),
  /** When the client asked for the reminder e-mails; null while they get none. */
  remindersSince: text("reminders_since"),
  remindersStoppedAt: text("reminders_stopped_at"),
  /** When the client allowed the healed photo in the portfolio; null without that permission. */
  portfolioAllowedAt: text("portfolio_allowed_at"),
  portfolioWithdrawnAt: text("portfolio_withdrawn_at"),
  /**
   * The portfolio pieces the artist made from the client's photos (their content ids, a JSON
   * array), so that a withdrawn permission can name what to take down.
   */
  portfolioPieceIds: text("portfolio_piece_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
  updatedAt: updatedNow(),
});

export type AftercareChoices = typeof aftercareChoices.$inferSelect;
