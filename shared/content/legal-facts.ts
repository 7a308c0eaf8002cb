// The legal pages' own facts, apart from the studio's facts that every page's script carries:
// only the privacy policy and the copyright page read them.

import { unattachedReferenceHours } from "../reference-images";

const sessionDataHours = 24;

/**
 * Retention and response times stated by the legal pages. The retention list names every period
 * the scheduled clean-up enforces (worker/retention.ts), plus what the studio keeps
 * outside the site, so the privacy policy promises exactly what the code deletes.
 */
export const legalFacts = {
  privacyUpdated: "November 28, 2026",
  retention: [
    { what: "Contact form submissions", keptFor: "2 years" },
    { what: "Consultation requests", keptFor: "3 years" },
    { what: "Reference images sent with a consultation request", keptFor: "as long as the request" },
    {
      what: "Reference images added to the form but never sent",
      keptFor: `${unattachedReferenceHours} hours`,
    },
    { what: "The studio's record of changes to your request (status and notes)", keptFor: "3 years" },
    {
      what: "Your consultation request's private status link (kept as a one-way hash, not the link)",
      keptFor: "as long as the request, or 30 days after the studio revokes it",
    },
    { what: "E-mail correspondence", keptFor: "1 year" },
    {
      what: "Your mobile number for text reminders, if you turn them on (kept with your request)",
      keptFor: "as long as the request, or until you change it",
    },
    {
      what: "Texts we sent you and the keywords you replied (STOP, START, HELP), with your number's last four digits only",
      keptFor: "90 days",
    },
    {
      what: "Your signed release form (health answers included) and the procedure record Maryland requires, both encrypted",
      keptFor: "3 years, then deleted, even if your request is deleted sooner",
    },
    { what: "Tattoo and health records the studio keeps outside this site", keptFor: "7 years" },
    { what: "Newsletter address", keptFor: "until you unsubscribe" },
    {
      what: "Waitlist entry (name, e-mail, styles)",
      keptFor:
        "until the books reopen and we have e-mailed you, then 30 days; at most 2 years while you wait; or until you leave the list",
    },
    {
      what: "When you can come for a sooner session, if you ask on your request's page to hear of one (days, parts of the day, dates)",
      keptFor: "90 days after you last saved it, or until you stop it; each offer of a freed time 30 days",
    },
    { what: "Approximate location, kept in your browser", keptFor: `at most ${sessionDataHours} hours` },
    { what: "Anonymous page-speed measurements and site events", keptFor: "90 days" },
    { what: "Anonymous browser error reports", keptFor: "30 days" },
    {
      what: "Daily count of page-speed measurements per network address (a keyed hash, not the address)",
      keptFor: "2 days",
    },
    { what: "Failed sign-ins to the studio's admin area (account and network address)", keptFor: "1 day" },
    { what: "Studio admin sign-in sessions", keptFor: "1 day after they expire" },
    { what: "Security events of the studio's admin account (lockouts, new passkeys)", keptFor: "1 year" },
    {
      what: "Nightly backup copies of the site's databases, kept private",
      keptFor: "30 days, so a deleted record leaves the backups within 30 days",
    },
  ],
  privacyResponse: "within 30 days",
  copyrightResponse: "within 5 to 7 business days",
  permissionResponse: "within 7 to 10 business days",
  minorsDataDeleted: "within 24 hours",
  consentValidDays: 30,
  sessionDataHours,
} as const;
