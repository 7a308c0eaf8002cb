import type { ReleaseFormAnswers, SignedReleaseForm } from "../../../shared/release-form";
import { releaseFormText } from "../../../shared/release-form";
import { studio } from "../../../shared/studio";
import { sha256Hex } from "../../platform/crypto";
import { csvStream } from "../../platform/csv";
import { log } from "../../platform/log";
import { studioDate } from "../../platform/studio-clock";
import { clientBirthDateOf, forgetBirthDateOf } from "../quotes-and-deposits/service";
import { open, type Sealed, seal } from "./crypto";
import {
  bookedSessionOf,
  carryFormStatements,
  deleteExpiredForms,
  earlierFormOf,
  findForm,
  formOfBooking,
  insertSignedForm,
  latestFormOf,
  recordAudit,
  recordsPage,
} from "./queries";

/**
 * The studio's release form (docs/decisions/020-quote-to-healed.md, "Release form"): signed by
 * the client on the status page while a session is booked, sealed at rest, opened only for the
 * artist (every opening in the audit log), and deleted by the cron three years on. The procedure
 * record made with it is what a health inspector may ask to see.
 */

interface Env {
  DB: D1Database;
  RELEASE_FORM_KEY?: string;
  RELEASE_FORM_PREVIOUS_KEYS?: string;
}

/** Three calendar years after a moment (29 February lands on 1 March). */
export function threeYearsAfter(iso: string): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + 3);
  return date.toISOString();
}

let textVersion: Promise<string> | null = null;

/** A fingerprint of the form's text as the site shows it now (SHA-256 of it, hex, shortened). */
function releaseFormTextVersion(): Promise<string> {
  textVersion ??= sha256Hex(JSON.stringify(releaseFormText)).then((hex) => hex.slice(0, 32));
  return textVersion;
}

/** Why the page asks for the form again when one was signed for an earlier session. */
export type AskedAgain =
  | { reason: "text-changed"; signedAt: string }
  | {
      reason: "new-session";
      signedAt: string;
      sessionStartsAt: string | null;
      /** Whether that session took place (an earlier session of the quote) or was cancelled. */
      sessionDone: boolean;
    };

/** What the status page shows: the form to sign, that it is signed, or nothing. */
export type ReleaseFormState =
  | { kind: "none" }
  | {
      kind: "to-sign";
      bookingId: string;
      startsAt: string;
      /** The date of birth the client gave when accepting the quote: the form starts with it. */
      bornOn: string | null;
      /** A form signed before, for an earlier session, and why it does not hold for this one. */
      askedAgain: AskedAgain | null;
    }
  | { kind: "signed"; signedAt: string };

export async function releaseFormState(db: D1Database, submissionId: string): Promise<ReleaseFormState> {
  const booking = await bookedSessionOf(db, submissionId);
  if (booking) {
    const signed = await formOfBooking(db, booking.id);
    return signed
      ? { kind: "signed", signedAt: signed.signedAt }
      : {
          kind: "to-sign",
          bookingId: booking.id,
          startsAt: booking.startsAt,
          bornOn: await clientBirthDateOf(db, submissionId),
          askedAgain: await askedAgainFor(db, submissionId, booking.id),
        };
  }
  // A session done (or cancelled) keeps saying that the form was signed.
  const latest = await latestFormOf(db, submissionId);
  return latest ? { kind: "signed", signedAt: latest.signedAt } : { kind: "none" };
}

async function askedAgainFor(
  db: D1Database,
  submissionId: string,
  bookingId: string,
): Promise<AskedAgain | null> {
  const earlier = await earlierFormOf(db, submissionId, bookingId);
  if (!earlier) return null;
  return earlier.textVersion !== (await releaseFormTextVersion())
    ? { reason: "text-changed", signedAt: earlier.signedAt }
    : {
        reason: "new-session",
        signedAt: earlier.signedAt,
        sessionStartsAt: earlier.sessionStartsAt,
        sessionDone: earlier.sessionStatus === "completed",
      };
}

/**
 * The statements that keep the signed form of a session the client moves (for the batch that
 * moves it): nothing it attests changes with the date, so it holds for the new time while the
 * form's text is the one signed; its procedure record takes the new date.
 */
export async function releaseFormCarry(db: D1Database, move: { from: string; to: string; startsAt: string }) {
  const procedureDate = studioDate(new Date(move.startsAt));
  return carryFormStatements(db, {
    ...move,
    textVersion: await releaseFormTextVersion(),
    procedureDate,
    deleteAfter: threeYearsAfter(`${procedureDate}T00:00:00.000Z`),
  });
}

/** What the COMAR record holds, sealed: the client, the procedure, the technician. */
interface RecordContent {
  name: string;
  procedure: string;
  technician: string;
}

/** "Tattoo" with where it goes, when the request said. */
function procedureOf(placement: string | null | undefined): string {
  const where = placement?.trim().replace(/\s+/g, " ");
  return where ? `Tattoo (${where.slice(0, 120)})` : "Tattoo";
}

export type SignOutcome = { status: "signed"; id: string } | { status: "already" } | { status: "no-booking" };

/**
 * Signs the form for the request's booked session: the text shown and the answers sealed as one
 * value, the procedure record beside it, saved together. A form already signed for the booking
 * (two tabs, a double click) is kept and the second is dropped.
 */
export async function signReleaseForm(
  env: Env,
  input: { submissionId: string; placement: string | null; answers: ReleaseFormAnswers; now: Date },
): Promise<SignOutcome> {
  const booking = await bookedSessionOf(env.DB, input.submissionId);
  if (!booking) return { status: "no-booking" };
  if (await formOfBooking(env.DB, booking.id)) return { status: "already" };
  const signedAt = input.now.toISOString();
  const formId = crypto.randomUUID();
  const recordId = crypto.randomUUID();
  const signed: SignedReleaseForm = { text: releaseFormText, answers: input.answers, signedAt };
  const record: RecordContent = {
    name: input.answers.legalName,
    procedure: procedureOf(input.placement),
    technician: studio.artist.name,
  };
  const [form, sealedRecord] = await Promise.all([seal(env, formId, signed), seal(env, recordId, record)]);
  const procedureDate = studioDate(new Date(booking.startsAt));
  try {
    await insertSignedForm(
      env.DB,
      {
        id: formId,
        submissionId: input.submissionId,
        bookingId: booking.id,
        ...form,
        signedAt,
        textVersion: await releaseFormTextVersion(),
        deleteAfter: threeYearsAfter(signedAt),
      },
      {
        id: recordId,
        releaseFormId: formId,
        procedureDate,
        ...sealedRecord,
        createdAt: signedAt,
        deleteAfter: threeYearsAfter(`${procedureDate}T00:00:00.000Z`),
      },
    );
  } catch (error) {
    if (await formOfBooking(env.DB, booking.id)) return { status: "already" };
    throw error;
  }
  // The sealed form now holds the date of birth; the quote's plain copy is not kept beside it.
  await forgetBirthDateOf(env.DB, input.submissionId);
  return { status: "signed", id: formId };
}

/** The request's latest signed form, for its inbox card. */
export function releaseFormOf(db: D1Database, submissionId: string) {
  return latestFormOf(db, submissionId);
}

/**
 * Opens a signed form for the artist, writing the audit log first: an opening that fails (an
 * altered ciphertext) is recorded too. Null when no such form exists.
 */
export async function viewReleaseForm(
  env: Env,
  input: { id: string; admin: { id: string; email: string }; now: Date },
): Promise<{ form: SignedReleaseForm; submissionId: string } | null> {
  const row = await findForm(env.DB, input.id);
  if (!row) return null;
  await recordAudit(env.DB, {
    admin: input.admin,
    submissionId: row.submissionId,
    action: "release_form_view",
    detail: row.id,
    at: input.now.toISOString(),
  });
  const sealed: Sealed = { ciphertext: row.ciphertext, iv: row.iv, keyVersion: row.keyVersion };
  const form = await open<SignedReleaseForm>(env, row.id, sealed);
  return { form, submissionId: row.submissionId };
}

const exportColumns = ["clientName", "date", "procedure", "technician"] as const;
const exportPageSize = 200;

/**
 * The procedure records of the last three years as a CSV stream for a health inspector: client
 * name, date, procedure, technician, oldest first. The export is in the audit log.
 */
export async function exportProcedureRecords(
  env: Env,
  input: { admin: { id: string; email: string }; now: Date },
): Promise<ReadableStream<Uint8Array>> {
  const since = studioDate(threeYearsAgo(input.now));
  await recordAudit(env.DB, {
    admin: input.admin,
    submissionId: "procedure-records",
    action: "release_form_export",
    detail: `since ${since}`,
    at: input.now.toISOString(),
  });
  return csvStream(exportColumns, async (cursor: { date: string; id: string } | undefined) => {
    const rows = await recordsPage(env.DB, since, cursor, exportPageSize);
    const opened = await Promise.all(
      rows.map(async (row) => {
        const content = await open<RecordContent>(env, row.id, row);
        return { clientName: content.name, date: row.procedureDate, ...content };
      }),
    );
    const last = rows.at(-1);
    return {
      rows: opened,
      next: rows.length === exportPageSize && last ? { date: last.procedureDate, id: last.id } : null,
    };
  });
}

function threeYearsAgo(now: Date): Date {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - 3);
  return date;
}

/** The cron's part: forms and records whose three years are over go, whatever became of their request. */
export async function deleteExpiredReleaseForms(db: D1Database, now: Date, batchSize = 500) {
  const removed = await deleteExpiredForms(db, now.toISOString(), batchSize);
  log("info", "retention", {
    table: "release_forms",
    policy: "signed release forms and procedure records (3 years)",
    ...removed,
  });
  return removed;
}
