import type { ConsultationData } from "../../shared/schemas/consultation";
import type { ContactData } from "../../shared/schemas/contact";
import type { SubmissionCreated } from "../../shared/schemas/submission";
import { findIdempotencyRecord, saveSubmission } from "../db/queries/submissions";
import type { SubmissionKind } from "../db/schema";
import { ApiError } from "../lib/api-error";
import { log } from "../lib/log";
import { type IdempotencyContext, idempotencyTtlMs, storedAnswer } from "../middleware/idempotency";
import type { Bindings } from "../types";
import { submissionSettings } from "./config";
import type { NotificationSubject } from "./mail";
import { deliverNotification } from "./outbox";
import { verifyTurnstile } from "./turnstile";

type AntiSpam = { website?: unknown; fillMs?: unknown; turnstileToken?: unknown };

/** What accepting a submission needs from the request it came with, as plain values. */
export interface SubmissionRequest {
  env: Bindings;
  /** The visitor's address as the edge reports it, for the Turnstile check. */
  clientIp: string | null;
  idempotency: IdempotencyContext | null;
  /** Keeps the notification delivery running after the answer; null where nothing can (a script). */
  waitUntil: ((work: Promise<unknown>) => void) | null;
}

/** The 201 answer, and whether it is a stored one sent again for a repeated Idempotency-Key. */
export interface SubmissionOutcome {
  body: SubmissionCreated;
  replayed: boolean;
}

/**
 * The spam defences that cost a real visitor nothing. Each refusal is a visible 400 with a way
 * forward, never a silent drop: a person whose browser filled the hidden field still learns
 * that the message did not arrive, and keeps the draft.
 */
async function checkAntiSpam(request: SubmissionRequest, kind: SubmissionKind, input: AntiSpam) {
  const settings = submissionSettings(request.env);
  if (typeof input.website === "string" ? input.website.trim() !== "" : input.website != null) {
    log("warn", "honeypot filled", { kind });
    throw new ApiError(400, "We could not accept this form. Please call or e-mail the studio instead.", {
      code: "spam_check",
    });
  }
  // Browsers send how long the form was open; API clients that omit it are left to the rate
  // limit and Turnstile.
  if (typeof input.fillMs === "number" && input.fillMs < settings.minFillMs) {
    throw new ApiError(
      400,
      "That was quicker than we expected from a person. Please check your details and send the form again.",
      { code: "too_fast" },
    );
  }
  if (settings.turnstileSecret) {
    const outcome = await verifyTurnstile({
      secret: settings.turnstileSecret,
      token: input.turnstileToken,
      ip: request.clientIp,
      idempotencyKey: request.idempotency?.key,
    });
    if (outcome === "invalid") {
      throw new ApiError(400, "Please complete the security check and send the form again.", {
        code: "turnstile_failed",
      });
    }
    if (outcome === "unavailable") {
      throw new ApiError(503, "We could not run the security check just now. Please try again in a minute.", {
        headers: { "Retry-After": "30" },
      });
    }
  }
}

/** Columns the database fills for a new row; the notification reads them as empty. */
const emptyAdminFields = { adminNotes: null, respondedAt: null, respondedBy: null };

function rowFor(kind: SubmissionKind, data: ContactData | ConsultationData, id: string, now: string) {
  if (kind === "contact") {
    const d = data as ContactData;
    return {
      id,
      name: d.name,
      email: d.email,
      phone: d.phone,
      serviceInterest: d.service,
      message: d.message,
      newsletterSignup: d.newsletter,
      status: "unread" as const,
      createdAt: now,
      updatedAt: now,
    };
  }
  const d = data as ConsultationData;
  return {
    id,
    name: d.name,
    email: d.email,
    phone: d.phone,
    tattooIdea: d.tattooIdea,
    size: d.size,
    placement: d.placement,
    timeframe: d.timeframe,
    experience: d.experience,
    budget: d.budget,
    availability: d.availability,
    status: "pending" as const,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Saves a validated submission with its queued notification (and its idempotency answer) in
 * one batch, answers 201 at once, and delivers the notification after the response
 * (DECISIONS.md: the visitor sees success as soon as the submission is saved).
 */
export async function acceptSubmission(
  request: SubmissionRequest,
  kind: SubmissionKind,
  data: (ContactData | ConsultationData) & AntiSpam,
): Promise<SubmissionOutcome> {
  await checkAntiSpam(request, kind, data);
  const { env, idempotency: idem } = request;
  const now = new Date();
  const createdAt = now.toISOString();
  const id = crypto.randomUUID();
  const body: SubmissionCreated = {
    id,
    status: kind === "contact" ? "unread" : "pending",
    created_at: createdAt,
  };
  const row = rowFor(kind, data, id, createdAt);
  const result = await saveSubmission(env.DB, {
    kind,
    row,
    outboxId: crypto.randomUUID(),
    now: createdAt,
    idempotency: idem
      ? {
          ...idem,
          statusCode: 201,
          responseBody: JSON.stringify(body),
          createdAt,
          expiresAt: new Date(now.getTime() + idempotencyTtlMs).toISOString(),
        }
      : null,
  });
  if (!result.saved) {
    // Another request with this key was saved first: answer as it was answered.
    const record = idem ? await findIdempotencyRecord(env.DB, idem.scope, idem.key, createdAt) : undefined;
    if (!record || !idem) throw new Error("idempotency conflict without a stored answer");
    return { body: JSON.parse(storedAnswer(record, idem.requestHash)) as SubmissionCreated, replayed: true };
  }
  const { outboxId } = result;
  // Without a way to keep working after the answer, the cron delivers the notification.
  if (request.waitUntil) {
    const subject = { kind, row: { ...emptyAdminFields, ...row } } as NotificationSubject;
    request.waitUntil(deliverNotification(env, outboxId, { subject }));
  }
  log("info", "submission saved", { kind, id, outboxId });
  return { body, replayed: false };
}
