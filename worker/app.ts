import { Hono } from "hono";
import { except } from "hono/combine";
import { requestId } from "hono/request-id";
import { maxSubmissionBytes } from "../shared/schemas/submission";
import { consultationKind, contactKind } from "../shared/submission-kinds";
import { adminApi } from "./admin-api";
import { adminShell } from "./features/admin-shell/routes";
import { calendarFeed } from "./features/booking/feed-routes";
import { portfolioRoute } from "./features/content/portfolio-routes";
import { health } from "./features/health/routes";
import { location } from "./features/location/routes";
import { events } from "./features/measurements/event-routes";
import { logs } from "./features/measurements/log-routes";
import { metrics } from "./features/measurements/metric-routes";
import { personalizeRoute } from "./features/personalization/routes";
import { media } from "./features/photos/routes";
import { stripeWebhook } from "./features/quotes-and-deposits/stripe-routes";
import { referenceImageUploads } from "./features/reference-images/routes";
import { depositReturn } from "./features/request-status/deposit-return-routes";
import { formPosts } from "./features/requests/form-routes";
import { submissionRoutes } from "./features/requests/routes";
import { reviews } from "./features/reviews/routes";
import { sitePages } from "./features/site-pages/page-routes";
import { notFoundShell } from "./features/site-pages/pages";
import { pageDataRoute } from "./features/site-pages/routes";
import { smsInbound } from "./features/texts/routes";
import { offerPages } from "./features/waitlist/offer-routes";
import { waitlistApi, waitlistFormPosts, waitlistPages } from "./features/waitlist/routes";
import { describeError, errorBody } from "./platform/api-error";
import { reportConfigurationOnce } from "./platform/configuration";
import { withLogContext } from "./platform/log";
import { limitBody } from "./platform/middleware/body-limit";
import { secureHeaders } from "./platform/middleware/security-headers";
import { requests } from "./requests";
import type { AppEnv } from "./types";

const app = new Hono<AppEnv>()
  .use(requestId())
  // Every log line of this request, and of the work it leaves to waitUntil, carries its id.
  .use((c, next) => withLogContext({ requestId: c.get("requestId") }, next))
  // A missing secret or binding is said once, loudly, rather than by each feature that meets it.
  .use((c, next) => {
    reportConfigurationOnce(c.env);
    return next();
  })
  .use(secureHeaders)
  // A ceiling for every endpoint, new ones included: no API body is larger than a form's. Each
  // route sets its own, lower limit where its largest valid body is smaller. The one exception is
  // the studio's content and photos (signed in, same origin), which set their own, larger limits,
  // and a visitor's reference image (its own 10 MB limit, checked while it streams).
  .use(
    "/api/*",
    except(
      ["/api/admin/content/*", "/api/admin/photos", "/api/reference-images"],
      limitBody(maxSubmissionBytes),
    ),
  )
  .route("/api/health", health)
  // The public forms, one per kind of submission (each at /api/<its descriptor's path>).
  .route("/api/contact", submissionRoutes(contactKind))
  .route("/api/consultations", submissionRoutes(consultationKind))
  .route("/api/reference-images", referenceImageUploads)
  .route("/api/admin", adminApi)
  .route("/api/location", location)
  .route("/api/personalize", personalizeRoute)
  .route("/api/metrics", metrics)
  .route("/api/logs", logs)
  .route("/api/events", events)
  .route("/api/portfolio", portfolioRoute)
  .route("/api/reviews", reviews)
  .route("/api/waitlist", waitlistApi)
  .route("/api/stripe", stripeWebhook)
  .route("/api/sms", smsInbound)
  // The same forms posted without JavaScript, answered with pages (each post route sets the
  // same 32 KiB limit itself, so that a refusal is a page too).
  .route("/forms/waitlist", waitlistFormPosts)
  .route("/forms", formPosts)
  // The waitlist e-mail's unsubscribe link and its answer, pages like the forms' answers.
  .route("/waitlist", waitlistPages)
  // A freed session time offered to a waiting client: its private link (docs/decisions/039).
  .route("/offers", offerPages)
  // The artist's published photos (docs/decisions/015-photo-uploads.md).
  .route("/media", media)
  .route("/page-data", pageDataRoute)
  // A consultation request's private status page (docs/decisions/018-request-status-links.md).
  .route("/requests", requests)
  // The artist's private calendar feed, which her calendar app subscribes to.
  .route("/calendar", calendarFeed)
  // The way back from Stripe's payment page, which is never given the request's link.
  .route("/deposit-return", depositReturn)
  .route("/admin", adminShell)
  // The public pages, by name (docs/decisions/012-edge-rendered-pages.md).
  .route("/", sitePages);

app.notFound(async (c) => {
  if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
    return c.json(errorBody("not_found", `No API endpoint at ${c.req.method} ${c.req.path}.`), 404);
  }
  // Any other path gets the site's not-found page with status 404, never cached for long.
  return notFoundShell(c);
});

app.onError((error, c) => {
  const answer = describeError(error, { requestId: c.get("requestId"), path: c.req.path });
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
  return c.json(errorBody(answer.code, answer.message, answer.fields), answer.status);
});

export default app;
export type AppType = typeof app;
