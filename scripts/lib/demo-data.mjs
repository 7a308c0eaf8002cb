// Demo inbox rows for local development: realistic requests and messages spread over the last
// twelve weeks, with fixed ids so loading them twice changes nothing (INSERT OR IGNORE). Every
// stamp lies in the past of the moment they are loaded: a request "from today" at 11:17 loaded
// at 08:00 would otherwise arrive from the future.
import { demoConsultations, demoContacts } from "./demo-records.mjs";
import { executeLocalSql, sqlString } from "./local-env.mjs";

const day = 86_400_000;
/** The newest a demo stamp may be: half an hour before loading, so follow-ups still fit after it. */
const newest = 30 * 60_000;

/** The SQL that loads the demo inbox as of `now` (ms), exported for its test. */
export function demoSql(now = Date.now()) {
  const ago = (days, hour = 14) => {
    const date = new Date(now - days * day);
    date.setUTCHours(hour, 17, 0, 0);
    return new Date(Math.min(date.getTime(), now - newest)).toISOString();
  };
  const consultations = demoConsultations.map(
    (
      [name, email, phone, idea, size, placement, timeframe, experience, budget, availability, status, days],
      i,
    ) => {
      const id = `demo-consultation-${String(i + 1).padStart(2, "0")}`;
      const created = ago(days, 10 + (i % 8));
      return `INSERT OR IGNORE INTO consultation_requests (id, name, email, phone, tattoo_idea, size, placement, timeframe, experience, budget, availability, status, created_at, updated_at) VALUES (${[id, name, email, phone, idea, size, placement, timeframe, experience, budget || null, availability, status, created, created].map(sqlString).join(", ")});`;
    },
  );
  const contacts = demoContacts.map(([name, email, phone, service, message, newsletter, status, days], i) => {
    const id = `demo-contact-${String(i + 1).padStart(2, "0")}`;
    const created = ago(days, 9 + (i % 9));
    const responded = status === "responded" ? ago(Math.max(days - 1, 0), 18) : null;
    return `INSERT OR IGNORE INTO contact_submissions (id, name, email, phone, service_interest, message, newsletter_signup, status, created_at, updated_at, responded_at, responded_by) VALUES (${[id, name, email, phone, service, message, newsletter, status, created, responded ?? created, responded, responded ? "local-admin" : null].map(sqlString).join(", ")});`;
  });
  // Each demo submission's notification to the artist, as the outbox would have left it: most
  // delivered a minute later, one still retrying and one given up, so the admin shows each state.
  const notification = (kind, id, created, i) => {
    const status = i === 1 ? "retry" : i === 2 ? "failed" : "sent";
    const attempt = new Date(Date.parse(created) + 60_000).toISOString();
    const attempts = status === "sent" ? 1 : status === "retry" ? 2 : 8;
    return `INSERT OR IGNORE INTO mail_queue (id, kind, topic, subject_id, request_id, status, attempts, next_attempt_at, last_attempt_at, last_error, provider, sent_at, created_at, updated_at) VALUES (${[`demo-outbox-${id}`, "notification", kind, id, kind === "consultation" ? id : null, status, attempts, attempt, attempt, status === "sent" ? null : "demo: mail provider unreachable", "demo", status === "sent" ? attempt : null, created, attempt].map(sqlString).join(", ")});`;
  };
  const outbox = [
    ...demoConsultations.map((row, i) =>
      notification(
        "consultation",
        `demo-consultation-${String(i + 1).padStart(2, "0")}`,
        ago(row[11], 10 + (i % 8)),
        i,
      ),
    ),
    ...demoContacts.map((row, i) =>
      notification(
        "contact",
        `demo-contact-${String(i + 1).padStart(2, "0")}`,
        ago(row[7], 9 + (i % 9)),
        i + 5,
      ),
    ),
  ];
  return [...consultations, ...contacts, ...outbox].join("\n");
}

export function loadDemoData(persistTo) {
  executeLocalSql(demoSql(), persistTo);
  return { consultations: demoConsultations.length, contacts: demoContacts.length };
}
