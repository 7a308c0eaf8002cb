import type { z } from "zod";
import type { ReferenceImageClaim } from "../../../shared/reference-images";
import type { SubmissionCreated } from "../../../shared/schemas/submission";
import type { AnySubmissionKind } from "../../../shared/submission-kinds";
import { ApiError } from "../../platform/api-error";
import { mailSettings, submissionSettings } from "../../platform/config";
import { findIdempotencyRecord } from "../../platform/db/idempotency-queries";
import { type IdempotencyContext, idempotencyTtlMs, storedAnswer } from "../../platform/idempotency";
import { log } from "../../platform/log";
import { type SubmissionQuota, tooManySubmissions } from "../../platform/rate-limit";
import type { Bindings } from "../../types";
import { deliverNotification } from "../mail/outbox";
import { checkReferenceClaims, unavailableReferenceImages } from "../reference-images/service";
import { deliverLinkMail, newStatusLink, statusUrl } from "../request-status/service";
import { assertBookableFlashDesign } from "./flash-booking";
import { type NewSubmissionRow, saveSubmission } from "./queries";
import { verifyTurnstile } from "./turnstile";

export type AntiSpam = { website?: unknown; fillMs?: unknown; turnstileToken?: unknown };

/** What accepting a submission needs from the request it came with, as plain values. */
export interface SubmissionRequest {
  env: Bindings;
  /** The visitor's address as the edge reports it, for the Turnstile check. */
  clientIp: string | null;
  idempotency: IdempotencyContext | null;
  /** The visitor's window of this form, counted only if the submission is saved. */
  quota: SubmissionQuota;
  /** Keeps the notification delivery running after the answer; null where nothing can (a script). */
  waitUntil: ((work: Promise<unknown>) => void) | null;
}

/** The 201 answer, and whether it is a stored one sent again for a repeated Idempotency-Key. */
interface SubmissionOutcome {
  body: SubmissionCreated;
  replayed: boolean;
}

/**
 * The spam defences that cost a real visitor nothing. Each refusal is a visible 400 with a way
 * forward, never a silent drop: a person whose browser filled the hidden field still learns
 * that the message did not arrive, and keeps the draft.
 */
export async function checkAntiSpam(
  request: Pick<SubmissionRequest, "env" | "clientIp" | "idempotency">,
  form: string,
  input: AntiSpam,
) {
  const settings = submissionSettings(request.env);
  if (typeof input.website === "string" ? input.website.trim() !== "" : input.website != null) {
    log("warn", "honeypot filled", { kind: form });
    throw new ApiError(400, "We could not accept this form. Please call or e-mail the studio instead.", {
      code: "spam_check",
    });
  }
  // The form always sends how long it was open, as a number; a body without one (or with "0",
  // null, a string) did not come from the form, so it is refused like one sent too fast.
  if (settings.minFillMs > 0 && !(isFiniteNumber(input.fillMs) && input.fillMs >= settings.minFillMs)) {
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

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);

/**
 * Saves a validated submission with its queued notification (and its idempotency answer) in
 * one batch, answers 201 at once, and delivers the notification after the response
 * (the visitor sees success as soon as the submission is saved, never waiting for the e-mail).
 */
export async function acceptSubmission<K extends AnySubmissionKind>(
  request: SubmissionRequest,
  kind: K,
  data: z.output<K["schema"]> & AntiSpam,
): Promise<SubmissionOutcome> {
  await checkAntiSpam(request, kind.name, data);
  if ("flashDesign" in data)
    await assertBookableFlashDesign(request.env.DB, data.flashDesign as string | null);
  const { env, idempotency: idem } = request;
  /** The answer already given to this Idempotency-Key, when a concurrent copy was saved first. */
  const replay = async (at: string): Promise<SubmissionOutcome | null> => {
    const record = idem ? await findIdempotencyRecord(env.DB, idem.scope, idem.key, at) : undefined;
    if (!record || !idem) return null;
    return { body: JSON.parse(storedAnswer(record, idem.requestHash)) as SubmissionCreated, replayed: true };
  };
  let references: Awaited<ReturnType<typeof checkReferenceClaims>> = [];
  if ("referenceImages" in data) {
    try {
      references = await checkReferenceClaims(env.DB, data.referenceImages as ReferenceImageClaim[]);
    } catch (error) {
      // The images are taken because a copy of this very request was saved a moment ago.
      const earlier = await replay(new Date().toISOString());
      if (earlier) return earlier;
      throw error;
    }
  }
  const now = new Date();
  const createdAt = now.toISOString();
  const id = crypto.randomUUID();
  const body: SubmissionCreated = { id, status: kind.initialStatus, created_at: createdAt };
  const row: NewSubmissionRow = {
    ...(kind.toRow as (data: z.output<K["schema"]>) => Record<string, unknown>)(data),
    id,
    name: data.name,
    email: data.email,
    status: kind.initialStatus,
    createdAt,
    updatedAt: createdAt,
  };
  // A consultation request gets its private status page (docs/decisions/018-request-status-links.md).
  const statusLink = kind.name === "consultation" ? await newStatusLink(env, id, createdAt) : null;
  const result = await saveSubmission(env.DB, {
    kind: kind.name,
    quota: request.quota,
    row,
    outboxId: crypto.randomUUID(),
    now: createdAt,
    references,
    idempotency: idem
      ? {
          ...idem,
          statusCode: 201,
          responseBody: JSON.stringify(body),
          createdAt,
          expiresAt: new Date(now.getTime() + idempotencyTtlMs).toISOString(),
        }
      : null,
    alongside: statusLink ? [...statusLink.statements] : [],
  });
  if (!result.saved) {
    // Another request with this key was saved first: answer as it was answered. That copy may
    // also be what filled the window, so it is looked for before answering 429.
    const earlier = await replay(createdAt);
    if (earlier) return earlier;
    // Concurrent submissions filled the window after the early check let this one through.
    if (result.reason === "rate_limited") throw tooManySubmissions(request.quota);
    // Another request claimed one of the images between the check and the save.
    if (result.reason === "references_unavailable") throw unavailableReferenceImages(references.length);
    throw new Error("idempotency conflict without a stored answer");
  }
  const { outboxId } = result;
  // Without a way to keep working after the answer, the cron delivers the notification.
  if (request.waitUntil) {
    const subject = { kind: kind.name, row: { adminNotes: null, ...row, createdAt } };
    request.waitUntil(deliverNotification(env, outboxId, { known: subject }));
    if (statusLink) request.waitUntil(deliverLinkMail(env, { only: statusLink.link.id }));
  }
  log("info", "submission saved", { kind: kind.name, id, outboxId });
  const url = statusLink ? statusUrl(mailSettings(env).siteUrl, statusLink.token) : null;
  return { body: url ? { ...body, statusUrl: url } : body, replayed: false };
}

/** A post's earlier answer under the same Idempotency-Key, for the form routes. */
export { findIdempotencyRecord } from "../../platform/db/idempotency-queries";
