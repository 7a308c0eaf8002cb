import { Hono } from "hono";
import { except } from "hono/combine";
import { type AdminEnv, requireAdmin } from "../../middleware/auth";
import { limitBody } from "../../middleware/body-limit";
import { sameOrigin } from "../../middleware/same-origin";
import { consultationAftercare } from "./aftercare";
import { adminAudit } from "./audit";
import { adminBookings } from "./bookings";
import { adminContent } from "./content";
import { adminDashboard } from "./dashboard";
import { consultationInbox, contactInbox } from "./inbox";
import { adminLogin } from "./login";
import { adminMail } from "./mail";
import { consultationMessages, replyTemplatesApi } from "./messages";
import { adminPasskeys, passkeyLogin } from "./passkeys";
import { adminPhotos } from "./photos";
import { consultationQuotes } from "./quotes";
import { adminReferenceImages } from "./reference-images";
import { adminReleaseForms, consultationReleaseForm } from "./release-forms";
import { adminSession } from "./session";
import { adminWaitlist } from "./waitlist";

/**
 * The admin API, mounted at /api/admin. Every state change must come from this origin; sign-in
 * (by password or passkey) is the only route before the one requireAdmin guard, which covers everything after it
 * (including unknown paths, which answer 401 rather than revealing what exists).
 */
export const adminApi = new Hono<AdminEnv>()
  .use(
    sameOrigin,
    // The largest admin body is a note of 5,000 characters (about 15 KB in three-byte characters),
    // except the studio's content, which sets its own limit (a whole portfolio saved at once),
    // and a photo (its own limit, 25 MB, checked while it streams).
    except(["/api/admin/content/*", "/api/admin/photos"], limitBody(16 * 1024)),
  )
  .route("/login", adminLogin)
  .route("/passkey-login", passkeyLogin)
  .use(requireAdmin)
  .route("/passkeys", adminPasskeys)
  .route("/", adminSession)
  .route("/consultations", consultationInbox)
  .route("/consultations", consultationMessages)
  .route("/consultations", consultationAftercare)
  .route("/consultations", consultationReleaseForm)
  .route("/release-forms", adminReleaseForms)
  .route("/consultations", consultationQuotes)
  .route("/reply-templates", replyTemplatesApi)
  .route("/contacts", contactInbox)
  .route("/audit", adminAudit)
  .route("/content", adminContent)
  .route("/photos", adminPhotos)
  .route("/reference-images", adminReferenceImages)
  .route("/waitlist", adminWaitlist)
  .route("/bookings", adminBookings)
  .route("/mail", adminMail)
  .route("/", adminDashboard);
