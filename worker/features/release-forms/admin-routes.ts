import { Hono } from "hono";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { log } from "../../platform/log";
import { validate } from "../../platform/middleware/validate";
import { consultationOr404 } from "../requests/lookup";
import type { AdminEnv } from "../sign-in/middleware";
import { ReleaseFormKeyMissing, ReleaseFormUnreadable } from "./crypto";
import { releaseFormDocumentHtml } from "./document-page";
import { exportProcedureRecords, releaseFormOf, viewReleaseForm } from "./service";

const idParam = z.object({ id: z.string().min(1).max(64) });

/**
 * The signed release forms in the admin (docs/decisions/020-quote-to-healed.md, "Release form"):
 * whether a request's form is signed, the form itself opened on the server as a printable page,
 * and the inspector's export of the procedure records. Opening a form and exporting are both
 * written to the audit log, by whom and when.
 */
export const adminReleaseForms = new Hono<AdminEnv>()
  /** The inspector's export: every procedure record of the last three years, as CSV. */
  .get("/export.csv", async (c) => {
    const now = new Date();
    const body = await exportProcedureRecords(c.env, { admin: c.get("admin"), now });
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="procedure-records-${now.toISOString().slice(0, 10)}.csv"`,
    });
  })
  /** One signed form, read-only and printable. */
  .get("/:id", validate("param", idParam), async (c) => {
    const admin = c.get("admin");
    const now = new Date();
    let opened: Awaited<ReturnType<typeof viewReleaseForm>>;
    try {
      opened = await viewReleaseForm(c.env, { id: c.req.valid("param").id, admin, now });
    } catch (error) {
      if (error instanceof ReleaseFormUnreadable || error instanceof ReleaseFormKeyMissing) {
        log("error", "release form unreadable", { formId: c.req.valid("param").id, reason: error.message });
        throw new ApiError(
          500,
          "This release form cannot be opened: its stored copy does not match what was signed, or the key that sealed it is not configured.",
          { code: "release_form_unreadable" },
        );
      }
      throw error;
    }
    if (!opened)
      throw new ApiError(404, "That release form does not exist (it may have passed its three years).");
    const html = await releaseFormDocumentHtml(opened.form, {
      by: admin.email,
      at: now,
      formId: c.req.valid("param").id,
      siteUrl: c.env.SITE_URL,
    });
    return c.html(html, 200, { "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });
  });

/** GET /api/admin/consultations/:id/release-form: whether the request's form is signed, and when. */
export const consultationReleaseForm = new Hono<AdminEnv>().get(
  "/:id/release-form",
  validate("param", idParam),
  async (c) => {
    const { id } = c.req.valid("param");
    await consultationOr404(c.env.DB, id);
    const form = await releaseFormOf(c.env.DB, id);
    return c.json({ releaseForm: form ? { id: form.id, signedAt: form.signedAt } : null });
  },
);
