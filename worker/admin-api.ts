import { Hono } from "hono";
import { except } from "hono/combine";
import { consultationAftercare } from "./features/aftercare/admin-routes";
import { adminBookings } from "./features/booking/admin-routes";
import { adminCalendarFeed } from "./features/booking/feed-routes";
import { adminClients } from "./features/clients/admin-routes";
import { adminContent } from "./features/content/admin-routes";
import { consultationMessages, replyTemplatesApi } from "./features/conversation/admin-routes";
import { adminDashboard } from "./features/dashboard/admin-routes";
import { consultationInbox, contactInbox } from "./features/inbox/admin-routes";
import { adminAudit } from "./features/inbox/audit-routes";
import { adminMail } from "./features/mail/admin-routes";
import { adminPhotos } from "./features/photos/admin-routes";
import { adminPush } from "./features/push/admin-routes";
import { consultationQuotes } from "./features/quotes-and-deposits/admin-routes";
import { adminSessionFees } from "./features/quotes-and-deposits/fee-routes";
import { adminReferenceImages } from "./features/reference-images/admin-routes";
import { adminReleaseForms, consultationReleaseForm } from "./features/release-forms/admin-routes";
import { type AdminEnv, requireAdmin } from "./features/sign-in/middleware";
import { adminPasskeys, passkeyLogin } from "./features/sign-in/passkey-routes";
import { adminLogin } from "./features/sign-in/routes";
import { adminSession } from "./features/sign-in/session-routes";
import { adminTexts } from "./features/texts/admin-routes";
import { adminToday } from "./features/today/admin-routes";
import { adminWaitlist } from "./features/waitlist/admin-routes";
import { adminOffers } from "./features/waitlist/offer-routes";
import { limitBody } from "./platform/middleware/body-limit";
import { sameOrigin } from "./platform/middleware/same-origin";

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
  .route("/offers", adminOffers)
  .route("/bookings", adminBookings)
  .route("/session-fees", adminSessionFees)
  .route("/calendar-feed", adminCalendarFeed)
  .route("/clients", adminClients)
  .route("/mail", adminMail)
  .route("/push", adminPush)
  .route("/texts", adminTexts)
  .route("/today", adminToday)
  .route("/", adminDashboard);
