import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createFakePushService } from "../../scripts/lib/fake-push.mjs";
import { deliverBookingMail } from "../../worker/features/booking/mail";
import { deliverMessageMail, postMessage } from "../../worker/features/conversation/service";
import { deliverDueNotifications } from "../../worker/features/mail/outbox";
import { deliverDepositMail } from "../../worker/features/quotes-and-deposits/mail";
import type { MailProvider } from "../../worker/platform/mail";
import { queueMail } from "../../worker/platform/mail-queue";
import { send, signedInAdmin } from "./admin-support";
import { addBooking, readyToBook } from "./booking-support";
import { addConsultation } from "./inbox-support";

/** A P-256 key as `npm run push:keys` prints it, made fresh for this file. */
async function vapidKey(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const { kty, crv, x, y, d } = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return JSON.stringify({ kty, crv, x, y, d });
}

let pushEnv: Env;
let fake: ReturnType<typeof createFakePushService>;
let cookie: string;

/** The mail side of each delivery: it takes every e-mail (the push is what is under test). */
const provider: MailProvider = {
  name: "test",
  send: async () => ({ provider: "test", messageId: crypto.randomUUID() }),
};

beforeAll(async () => {
  pushEnv = { ...env, VAPID_PRIVATE_KEY: await vapidKey() };
});

beforeEach(async () => {
  ({ cookie } = await signedInAdmin());
  await env.DB.prepare("DELETE FROM push_subscriptions").run();
  // The worker's real sending code reaches the fake push service through fetch.
  fake = createFakePushService({ publicUrl: "https://push.fake.test" });
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname === "push.fake.test") return fake.handle(request);
    return realFetch(input, init);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const api = (method: string, path: string, body?: unknown, who: string | null = cookie) =>
  send(method, `/api/admin/push${path}`, who ?? "", body, { VAPID_PRIVATE_KEY: pushEnv.VAPID_PRIVATE_KEY });

const allTopics = ["new-request", "client-answer", "deposit-paid", "session-changed"];

/** This phone, subscribed through the admin with the kinds of notice given. */
async function subscribedPhone(topics = allTopics) {
  const subscription = await fake.subscribe();
  const response = await api("PUT", "/subscription", { subscription, topics, label: "iPhone · Safari" });
  expect(response.status).toBe(200);
  return subscription;
}

/** The artist's e-mail about a new consultation request, queued as the form's post queues it. */
const queueRequestMail = (id: string) =>
  queueMail(env.DB, {
    kind: "notification",
    subjectId: id,
    topic: "consultation",
    now: new Date().toISOString(),
  });

const rowCount = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM push_subscriptions").first<{ n: number }>())?.n;

describe("the artist's devices for push notices", () => {
  it("are refused to anyone not signed in", async () => {
    const subscription = await fake.subscribe();
    expect((await api("POST", "/overview", {}, null)).status).toBe(401);
    expect((await api("PUT", "/subscription", { subscription, topics: [], label: "x" }, null)).status).toBe(
      401,
    );
    expect((await api("DELETE", "/subscription", { endpoint: subscription.endpoint }, null)).status).toBe(
      401,
    );
    expect((await api("POST", "/test", { endpoint: subscription.endpoint }, null)).status).toBe(401);
    expect(await rowCount()).toBe(0);
  });

  it("say whether push is set up, with the key a browser subscribes with", async () => {
    const off = await send("POST", "/api/admin/push/overview", cookie, {});
    expect(await off.json()).toMatchObject({ available: false, publicKey: null, devices: [] });
    const on = await api("POST", "/overview", {});
    const body = (await on.json()) as { available: boolean; publicKey: string; topics: string[] };
    expect(body.available).toBe(true);
    expect(body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(body.topics).toEqual(allTopics);
  });

  it("save a device with the kinds it takes, list it as this device, and change it in place", async () => {
    const subscription = await subscribedPhone(["new-request"]);
    const again = await api("PUT", "/subscription", {
      subscription,
      topics: ["deposit-paid", "client-answer"],
      label: "Studio iPad",
    });
    expect(again.status).toBe(200);
    expect(await rowCount()).toBe(1);
    const overview = (await (await api("POST", "/overview", { endpoint: subscription.endpoint })).json()) as {
      devices: { label: string; topics: string[]; current: boolean }[];
    };
    expect(overview.devices).toEqual([
      expect.objectContaining({
        label: "Studio iPad",
        topics: ["client-answer", "deposit-paid"],
        current: true,
      }),
    ]);
    expect(JSON.stringify(overview)).not.toContain(subscription.keys.auth);
  });

  it.each([
    ["an http endpoint", { endpoint: "http://push.fake.test/push/1" }, "endpoint"],
    [
      "a key that is not a browser's",
      { keys: { p256dh: "short", auth: "AAAAAAAAAAAAAAAAAAAAAA" } },
      "p256dh",
    ],
    ["an unknown kind of notice", { topics: ["everything"] }, "topics"],
    ["no name for the device", { label: " " }, "label"],
  ])("refuse %s with a clear error and save nothing", async (_, change, field) => {
    const subscription = await fake.subscribe();
    const body = {
      subscription: {
        ...subscription,
        ...("endpoint" in change ? change : {}),
        ...("keys" in change ? change : {}),
      },
      topics: "topics" in change ? change.topics : allTopics,
      label: "label" in change ? change.label : "Phone",
    };
    const response = await api("PUT", "/subscription", body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.error.code).toBe("validation");
    expect(Object.keys(error.error.fields).join(" ")).toContain(field);
    expect(await rowCount()).toBe(0);
  });

  it("are removed on request, and a device not subscribed is a 404", async () => {
    const { endpoint } = await subscribedPhone();
    expect((await api("DELETE", "/subscription", { endpoint })).status).toBe(204);
    expect(await rowCount()).toBe(0);
    const again = await api("DELETE", "/subscription", { endpoint });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      error: { code: "not_found", message: "This device is not subscribed to notices." },
    });
    expect((await api("POST", "/test", { endpoint })).status).toBe(404);
  });

  it("get a test notice, encrypted to the device and signed with the studio's key", async () => {
    const { endpoint } = await subscribedPhone([]);
    const response = await api("POST", "/test", { endpoint });
    expect(response.status).toBe(200);
    expect(fake.refused).toEqual([]);
    expect(fake.received).toEqual([
      expect.objectContaining({
        endpoint,
        title: "Notices are on",
        body: "This is how iPhone · Safari shows a new request.",
        ttl: 86_400,
        urgency: "high",
      }),
    ]);
    const overview = (await (await api("POST", "/overview", {})).json()) as { publicKey: string };
    expect(fake.received[0]?.vapidKey).toBe(overview.publicKey);
  });

  it("say so when the push service does not take the test notice", async () => {
    const { endpoint } = await subscribedPhone();
    fake.answer(endpoint, 503);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await api("POST", "/test", { endpoint });
    expect(warned).toHaveBeenCalledOnce();
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("push_failed");
    expect(await rowCount()).toBe(1);
  });
});

describe("push notices", () => {
  const urlOf = (id: string) => `${env.SITE_URL}/admin/consultations?id=${id}&open=${id}`;

  it("tell of a new request by first name, opening its card, once however often its e-mail is retried", async () => {
    await subscribedPhone();
    const request = await addConsultation({
      name: "Maya Lindqvist",
      tattooIdea: "A koi swimming up my forearm",
    });
    await queueRequestMail(request.id);
    const failing: MailProvider = {
      name: "down",
      send: async () => {
        throw new Error("mail service unreachable");
      },
    };
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await deliverDueNotifications(pushEnv, { provider: failing });
    await deliverDueNotifications(pushEnv, { provider, now: new Date(Date.now() + 86_400_000) });
    const notices = fake.received.filter((notice) => notice.url === urlOf(request.id));
    expect(notices).toEqual([
      expect.objectContaining({
        title: "New request from Maya",
        body: "A koi swimming up my forearm",
        tag: `new-${request.id}`,
      }),
    ]);
    expect(JSON.stringify(fake.received)).not.toContain("Lindqvist");
  });

  it("tell of a client's answer, not of the artist's own message", async () => {
    await subscribedPhone();
    const request = await addConsultation({ name: "Theo Park" });
    const answer = await postMessage(env, {
      submissionId: request.id,
      author: "client",
      body: "Could we go a little bigger?",
      now: new Date(),
    });
    const own = await postMessage(env, {
      submissionId: request.id,
      author: "artist",
      body: "Sure, let us talk sizes.",
      now: new Date(),
      actor: { id: "artist", email: "artist@studio.test" },
    });
    await deliverMessageMail(pushEnv, { only: answer.id, provider });
    await deliverMessageMail(pushEnv, { only: own.id, provider });
    expect(fake.received).toEqual([
      expect.objectContaining({
        title: "Theo answered",
        body: "Could we go a little bigger?",
        url: urlOf(request.id),
      }),
    ]);
  });

  it("tell of a deposit paid and of a session moved, each only to the devices that want it", async () => {
    const phone = await subscribedPhone(["deposit-paid"]);
    const tablet = await subscribedPhone(["session-changed"]);
    const client = await readyToBook({ name: "Ada Brooks" });
    const startsAt = new Date(Date.now() + 6 * 86_400_000);
    startsAt.setUTCHours(17, 0, 0, 0);
    const booking = await addBooking(client.id, client.quoteId, startsAt);
    const now = new Date().toISOString();
    await queueMail(env.DB, { kind: "deposit", subjectId: client.depositId, topic: "artist-paid", now });
    await queueMail(env.DB, { kind: "booking", subjectId: booking, topic: "artist-moved", now });
    await deliverDepositMail(pushEnv, { provider });
    await deliverBookingMail(pushEnv, { provider });
    const to = (endpoint: string) => fake.received.filter((notice) => notice.endpoint === endpoint);
    expect(to(phone.endpoint)).toEqual([
      expect.objectContaining({
        title: "Deposit paid: $100",
        body: "Ada paid the deposit by card and can book a time now.",
        url: urlOf(client.id),
      }),
    ]);
    expect(to(tablet.endpoint)).toEqual([
      expect.objectContaining({
        title: "Session moved: Ada",
        url: urlOf(client.id),
        tag: `session-${client.id}`,
      }),
    ]);
    expect(to(tablet.endpoint)[0]?.body).toMatch(/\(3 hours\)$/);
  });

  it("drop a device the push service says is gone, and keep one that failed for now", async () => {
    const gone = await subscribedPhone();
    const busy = await subscribedPhone();
    fake.answer(gone.endpoint, 410);
    fake.answer(busy.endpoint, 429);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const request = await addConsultation();
    await queueRequestMail(request.id);
    await deliverDueNotifications(pushEnv, { provider });
    const left = await env.DB.prepare("SELECT endpoint FROM push_subscriptions").all<{ endpoint: string }>();
    expect(left.results.map((row) => row.endpoint)).toEqual([busy.endpoint]);
  });

  it("are not sent at all while push is not set up", async () => {
    await subscribedPhone();
    const request = await addConsultation();
    await queueRequestMail(request.id);
    await deliverDueNotifications(env, { provider });
    expect(fake.received).toEqual([]);
  });
});
