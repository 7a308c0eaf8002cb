import type { InferResponseType } from "hono/client";
import { alreadyGone, api, client } from "../../lib/api";

const bookings = client.api.admin.bookings;

export type UpcomingSession = InferResponseType<typeof bookings.upcoming.$get, 200>["sessions"][number];
export type BlockedDay = InferResponseType<(typeof bookings)["blocked-dates"]["$get"], 200>["dates"][number];
export type RequestSession = NonNullable<
  InferResponseType<(typeof bookings.of)[":id"]["$get"], 200>["booking"]
>;

export const loadUpcoming = () => api(bookings.upcoming.$get());
export const loadSessionOf = (id: string) => api(bookings.of[":id"].$get({ param: { id } }));
export const cancelSession = (id: string) => api(bookings[":id"].cancel.$post({ param: { id } }));
export const markDone = (id: string) => api(bookings[":id"].done.$post({ param: { id } }));
export const undoDone = (id: string) => api(bookings[":id"]["undo-done"].$post({ param: { id } }));
export const loadBlockedDays = () => api(bookings["blocked-dates"].$get());
export const blockDay = (date: string, note: string) =>
  api(bookings["blocked-dates"].$post({ json: { date, ...(note ? { note } : {}) } }));
export async function unblockDay(date: string) {
  const response = await bookings["blocked-dates"][":date"].$delete({ param: { date } });
  if (!response.ok) throw new Error(`Could not unblock ${date} (${response.status})`);
}

const feed = client.api.admin["calendar-feed"];
export type FeedState = InferResponseType<typeof feed.$get, 200>;
export type FeedAddress = InferResponseType<typeof feed.$post, 201>;
export const loadFeedState = () => api(feed.$get());
export const makeFeedAddress = () => api(feed.$post());
export async function turnOffFeed() {
  const response = await feed.$delete();
  // Already off is what was asked for.
  if (!response.ok && !alreadyGone(response.status))
    throw new Error(`Could not turn the address off (${response.status})`);
}

const texts = client.api.admin.texts;
export type TextSettings = InferResponseType<typeof texts.settings.$get, 200>["settings"];
export type TextPreviews = InferResponseType<typeof texts.preview.$post, 200>["previews"];
export type RequestTexts = InferResponseType<(typeof texts.of)[":id"]["$get"], 200>;
export const loadTextSettings = () => api(texts.settings.$get());
export const saveTextSettings = (settings: TextSettings) => api(texts.settings.$put({ json: settings }));
export const previewTexts = (templates: TextSettings["templates"]) =>
  api(texts.preview.$post({ json: { templates } }));
export const loadTextsOf = (id: string) => api(texts.of[":id"].$get({ param: { id } }));

const fees = client.api.admin["session-fees"];
export type SessionFeeState = InferResponseType<(typeof fees.of)[":id"]["$get"], 200>;
export type SessionFeeKind = SessionFeeState["terms"][number]["kind"];
export const loadSessionFee = (id: string) => api(fees.of[":id"].$get({ param: { id } }));
export const chargeSessionFee = (bookingId: string, kind: SessionFeeKind, amountCents: number) =>
  api(fees[":id"].$post({ param: { id: bookingId }, json: { kind, amountCents } }));

const offers = client.api.admin.offers;
export type OffersState = InferResponseType<typeof offers.$get, 200>;
export type OfferMode = OffersState["mode"];
export const loadOffers = () => api(offers.$get());
export const saveOfferMode = (mode: OfferMode) => api(offers.settings.$put({ json: { mode } }));
export const sendOffer = (id: string) => api(offers[":id"].send.$post({ param: { id } }));
