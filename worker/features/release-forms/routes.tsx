/** @jsxImportSource hono/jsx */
import { type Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { releaseFormMessages, releaseFormSchema } from "../../../shared/release-form";
import { fieldErrors } from "../../../shared/schemas/fields";
import { ApiError } from "../../platform/api-error";
import { log } from "../../platform/log";
import { limitBody } from "../../platform/middleware/body-limit";
import { studioDate } from "../../platform/studio-clock";
import { PrivateHero, privatePage } from "../request-status";
import { type StatusLinkEnv, sameOriginFromPrivatePage } from "../request-status/middleware";
import { hasReleaseFormKey } from "./crypto";
import { releaseFormState, signReleaseForm } from "./service";
import { ReleaseForm, type ReleaseFormDraft, releaseFormAnchor } from "./status-page";

/** The form's largest honest body: a dozen short answers and their details, well under this. */
const maxFormBytes = 32 * 1024;

/**
 * POST /requests/<token>/release-form: the client signs the studio's release form from the
 * status page (docs/decisions/020-quote-to-healed.md, "Release form"). Same-origin, a plain form
 * post. Signed, it answers 303 back to the page, which then says when it was signed; refused (a
 * field, or under 18), it answers 400 with the form again, the values kept and each refused field
 * named, and nothing saved.
 */
export const releaseFormPosts = new Hono<StatusLinkEnv>().post(
  "/:token/release-form",
  sameOriginFromPrivatePage,
  limitBody(maxFormBytes),
  async (c) => {
    const { request, token } = c.var;
    const back = `/requests/${token}`;
    const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
      throw new ApiError(415, "Send the form as application/x-www-form-urlencoded.");
    }
    const state = await releaseFormState(c.env.DB, request.id);
    // Nothing to sign (no session booked) or already signed: the page says which.
    if (state.kind !== "to-sign") return c.redirect(`${back}#${releaseFormAnchor}`, 303);
    if (!(await hasReleaseFormKey(c.env))) {
      log("error", "release form key missing", {});
      return formPage(c, 503, null, back, null);
    }
    const form = await c.req.formData();
    const values: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string") values[name] = value.slice(0, 1000);
    const now = new Date();
    const parsed = releaseFormSchema(studioDate(now)).safeParse(values);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      const underAge = errors.dateOfBirth === releaseFormMessages.underAge;
      const draft: ReleaseFormDraft = {
        values,
        errors,
        message: underAge
          ? `${releaseFormMessages.underAge}. Nothing was saved.`
          : "Some answers need attention. Nothing was saved yet.",
      };
      return formPage(c, 400, draft, back, state.startsAt);
    }
    await signReleaseForm(c.env, {
      submissionId: request.id,
      placement: request.placement,
      answers: parsed.data,
      now,
    });
    return c.redirect(`${back}?signed=1#${releaseFormAnchor}`, 303);
  },
);

/** The form alone on the site's page, with the refused post's answers, or the form unavailable. */
function formPage(
  c: Context<StatusLinkEnv>,
  status: ContentfulStatusCode,
  draft: ReleaseFormDraft | null,
  back: string,
  startsAt: string | null,
) {
  return privatePage(c, {
    status,
    title: "Your release form",
    main: ({ telHref }) => (
      <div class="page page--request-status">
        <PrivateHero eyebrow="Private page" title="Your release form">
          <p>
            <a href={back}>Back to your request's page</a>
          </p>
        </PrivateHero>
        <div class="request-status">
          {draft && startsAt ? (
            <ReleaseForm token={c.var.token} startsAt={startsAt} draft={draft} />
          ) : (
            <section class="request-status__card">
              <h2>Your release form</h2>
              <p>
                The form cannot be signed online right now. You will sign it at the studio before your
                session; or call <a href={telHref}>the studio</a>.
              </p>
            </section>
          )}
        </div>
      </div>
    ),
  });
}
