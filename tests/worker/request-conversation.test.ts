import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliverMessageMail } from "../../worker/features/conversation/service";
import { sweepReferenceImages } from "../../worker/features/reference-images/service";
import { enforceRetention } from "../../worker/retention";
import { send as adminSend, ORIGIN, quietLogs, signedInAdmin } from "./admin-support";
import { emptyBucket, picture } from "./photos-support";
import { recorder, sentRequest } from "./request-support";
import { prerenderedAssets } from "./site-pages-support";
import { brokenMailer, count, freshIp, send, validConsultation } from "./submission-support";

afterEach(() => {
  vi.restoreAllMocks();
});

const open = (token: string, ip = freshIp()) =>
  send(`/requests/${token}`, { headers: { "CF-Connecting-IP": ip } }, { ASSETS: prerenderedAssets });

/** The client's answer as the page's plain form posts it (multipart, from this site's page). */
function answer(
  token: string,
  fields: { body?: string; image?: Uint8Array; imageName?: string },
  options: { ip?: string; origin?: string; fetchSite?: string; overrides?: Partial<Env> } = {},
) {
  const form = new FormData();
  if (fields.body !== undefined) form.set("body", fields.body);
  if (fields.image)
    form.set("image", new File([fields.image], fields.imageName ?? "idea.jpg", { type: "image/jpeg" }));
  return send(
    `/requests/${token}/messages`,
    {
      method: "POST",
      headers: {
        Origin: options.origin ?? ORIGIN,
        "CF-Connecting-IP": options.ip ?? freshIp(),
        ...(options.fetchSite ? { "Sec-Fetch-Site": options.fetchSite } : {}),
      },
      body: form,
      redirect: "manual",
    },
    { ASSETS: prerenderedAssets, ...options.overrides },
  );
}

const messagesOf = async (id: string) =>
  (
    await env.DB.prepare(
      // The e-mail's state from the mail queue, in the thread's words ("pending" until sent or given up).
      `SELECT m.author, m.body, m.read_at,
         CASE WHEN q.status IN ('pending', 'sending', 'retry') THEN 'pending' ELSE q.status END AS mail_status,
         q.attempts AS mail_attempts
       FROM request_messages m JOIN mail_queue q ON q.id = m.id AND q.kind = 'message'
       WHERE m.submission_id = ? ORDER BY m.created_at`,
    )
      .bind(id)
      .all<{
        author: string;
        body: string;
        read_at: string | null;
        mail_status: string;
        mail_attempts: number;
      }>()
  ).results;

type Thread = {
  messages: { author: string; body: string; readAt: string | null; images: { id: string }[] }[];
  templates: { id: string; title: string; body: string }[];
};

describe("the conversation on a consultation request", () => {
  let cookie: string;
  beforeEach(async () => {
    quietLogs();
    await emptyBucket();
    await env.DB.prepare("DELETE FROM reference_images").run();
    await env.DB.prepare("DELETE FROM request_messages").run();
    await env.DB.prepare("DELETE FROM mail_queue WHERE kind = 'message'").run();
    cookie = (await signedInAdmin()).cookie;
  });

  it("the artist writes from the card with a template; the client reads it on the page, as text", async () => {
    const { id, token } = await sentRequest({ name: "Maya Lopez" });
    const thread = (await (
      await adminSend("GET", `/api/admin/consultations/${id}/messages`, cookie)
    ).json()) as Thread;
    expect(thread.messages).toEqual([]);
    expect(thread.templates.map((t) => t.title)).toEqual([
      "Ask for details",
      "Send a quote",
      "Kindly decline",
    ]);
    const ask = thread.templates[0]?.body ?? "";
    expect(ask.startsWith("Hi Maya,")).toBe(true);
    expect(ask).not.toContain("{firstName}");

    const sent = await adminSend("POST", `/api/admin/consultations/${id}/messages`, cookie, {
      body: `${ask}\n<b>not bold</b>`,
    });
    expect(sent.status).toBe(201);
    const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE entity_id = ?").bind(id).all();
    expect(audit.results).toEqual([{ action: "message" }]);

    const page = await (await open(token)).text();
    expect(page).toContain("Hi Maya,");
    expect(page).toContain("&lt;b&gt;not bold&lt;/b&gt;");
    expect(page).not.toContain("<b>not bold</b>");
    expect(page).toContain("The artist");
    // Seeing the page is reading it: the artist's card can say so.
    expect((await messagesOf(id))[0]?.read_at).not.toBeNull();
  });

  it("the client answers with text and an image; the artist sees it unread, opens it, and it is read", async () => {
    const { id, token } = await sentRequest();
    await adminSend("POST", `/api/admin/consultations/${id}/messages`, cookie, {
      body: "How big should it be?",
    });
    const image = await picture(800, 600, "jpeg");
    const response = await answer(token, { body: "About 4 inches, on my forearm.", image });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/requests/${token}?sent=1#message-sent`);

    const page = await (await send(`/requests/${token}?sent=1`, {}, { ASSETS: prerenderedAssets })).text();
    expect(page).toContain("Your answer was sent.");
    expect(page).toContain("How big should it be?");
    expect(page).toContain("About 4 inches, on my forearm.");
    const thumb = /\/requests\/[^"]+\/images\/([0-9a-f-]{36})\/thumb/.exec(page);
    expect(thumb).not.toBeNull();
    const own = await send(thumb?.[0] ?? "", {});
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("image/webp");
    expect(own.headers.get("Cache-Control")).toBe("no-store");

    const list = (await (await adminSend("GET", "/api/admin/consultations?limit=100", cookie)).json()) as {
      items: { id: string; unreadReplies: number }[];
      unreadThreads: number;
    };
    expect(list.items.find((item) => item.id === id)?.unreadReplies).toBe(1);
    expect(list.unreadThreads).toBeGreaterThanOrEqual(1);
    const thread = (await (
      await adminSend("GET", `/api/admin/consultations/${id}/messages`, cookie)
    ).json()) as Thread;
    const reply = thread.messages[1];
    expect(reply?.author).toBe("client");
    expect(reply?.readAt).toBeNull();
    expect(reply?.images).toHaveLength(1);
    // The artist opens the image through the admin's own route; the request's own images list leaves it out.
    const full = await adminSend("GET", `/api/admin/reference-images/${reply?.images[0]?.id}/full`, cookie);
    expect(full.status).toBe(200);

    const read = await adminSend("POST", `/api/admin/consultations/${id}/messages/read`, cookie);
    expect(await read.json()).toEqual({ read: 1 });
    const after = (await (await adminSend("GET", "/api/admin/consultations?limit=100", cookie)).json()) as {
      items: { id: string; unreadReplies: number }[];
    };
    expect(after.items.find((item) => item.id === id)?.unreadReplies).toBe(0);
  });

  it("refuses an empty or too long answer with the page again, the text kept, nothing saved", async () => {
    const { id, token } = await sentRequest();
    const empty = await answer(token, { body: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Your answer: Text is required");
    const long = "word ".repeat(900);
    const tooLong = await answer(token, { body: long });
    expect(tooLong.status).toBe(400);
    const html = await tooLong.text();
    expect(html).toContain("no more than 4000 characters");
    expect(html).toContain(long.trim().slice(0, 100));
    const notImage = await answer(token, {
      body: "Here it is",
      image: new TextEncoder().encode("not a picture"),
    });
    expect(notImage.status).toBe(400);
    expect(await notImage.text()).toContain("Your answer was not sent.");
    expect(await messagesOf(id)).toEqual([]);
    expect(await count("reference_images")).toBe(0);
  });

  it("answers 404 for a wrong or revoked link, 403 from another site, and limits answers per address", async () => {
    const { id, token } = await sentRequest();
    expect((await answer("x".repeat(43), { body: "Hello there" })).status).toBe(404);
    expect(
      (await answer(token, { body: "Hello there" }, { origin: "https://elsewhere.example" })).status,
    ).toBe(403);
    // The page's no-referrer policy makes the browser send Origin: null; its Sec-Fetch-Site tells.
    expect((await answer(token, { body: "Hello there" }, { origin: "null" })).status).toBe(403);
    expect(
      (await answer(token, { body: "Hello there" }, { origin: "null", fetchSite: "cross-site" })).status,
    ).toBe(403);
    expect(
      (await answer(token, { body: "From the page" }, { origin: "null", fetchSite: "same-origin" })).status,
    ).toBe(303);
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await answer(token, { body: `Answer ${i}` }, { ip })).status).toBe(303);
    const limited = await answer(token, { body: "One more" }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain("One more");
    expect(await messagesOf(id)).toHaveLength(21);

    await adminSend("POST", `/api/admin/consultations/${id}/status-link/revoke`, cookie);
    expect((await answer(token, { body: "Still there?" })).status).toBe(404);
    const row = await env.DB.prepare("SELECT thread_token FROM request_status_links WHERE submission_id = ?")
      .bind(id)
      .first<{ thread_token: string | null }>();
    expect(row?.thread_token).toBeNull();
  });

  it("refuses a reply with a template's blank left in it, naming each blank, and sends nothing", async () => {
    const { id } = await sentRequest({ name: "Maya Lopez" });
    const thread = (await (
      await adminSend("GET", `/api/admin/consultations/${id}/messages`, cookie)
    ).json()) as Thread;
    const quote = thread.templates.find((t) => t.title === "Send a quote")?.body ?? "";
    expect(quote).toContain("[hours]");
    const refused = await adminSend("POST", `/api/admin/consultations/${id}/messages`, cookie, {
      body: quote,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.body).toBe(
      "Fill in [hours], [price] before sending",
    );
    const handTyped = await adminSend("POST", `/api/admin/consultations/${id}/messages`, cookie, {
      body: "Hi {firstName}, see you soon",
    });
    expect(handTyped.status).toBe(400);
    expect(await messagesOf(id)).toEqual([]);
    expect(await count("request_messages")).toBe(0);
    // Filled in, it goes.
    const filled = quote.replace("[hours]", "4").replace("[price]", "600");
    const sent = await adminSend("POST", `/api/admin/consultations/${id}/messages`, cookie, { body: filled });
    expect(sent.status).toBe(201);
  });

  it("gives the open card a stamp that changes when the client answers, and only then", async () => {
    const { id, token } = await sentRequest({ name: "Maya Lopez" });
    const version = async () => {
      const response = await adminSend("GET", `/api/admin/consultations/${id}/version`, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      return ((await response.json()) as { version: string }).version;
    };
    const before = await version();
    expect(await version()).toBe(before);
    expect((await answer(token, { body: "The left wrist, please." })).status).toBe(303);
    const after = await version();
    expect(after).not.toBe(before);
    expect(await version()).toBe(after);
    expect((await adminSend("GET", `/api/admin/consultations/${id}/version`, "")).status).toBe(401);
    expect((await adminSend("GET", "/api/admin/consultations/no-such-request/version", cookie)).status).toBe(
      404,
    );
  });

  it("admin endpoints: 400 naming the field with nothing saved, 401 without a session, 404 for no request", async () => {
    const { id } = await sentRequest();
    const bad = await adminSend("POST", `/api/admin/consultations/${id}/messages`, cookie, { body: "" });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.body,
    ).toBeTruthy();
    expect(await messagesOf(id)).toEqual([]);
    for (const [method, path] of [
      ["GET", `/api/admin/consultations/${id}/messages`],
      ["POST", `/api/admin/consultations/${id}/messages`],
      ["POST", `/api/admin/consultations/${id}/messages/read`],
      ["GET", "/api/admin/reply-templates"],
    ] as const) {
      expect((await adminSend(method, path, "", method === "POST" ? { body: "Hi" } : undefined)).status).toBe(
        401,
      );
    }
    const missing = crypto.randomUUID();
    expect((await adminSend("GET", `/api/admin/consultations/${missing}/messages`, cookie)).status).toBe(404);
    expect(
      (await adminSend("POST", `/api/admin/consultations/${missing}/messages`, cookie, { body: "Hi" }))
        .status,
    ).toBe(404);
    expect(
      (await adminSend("POST", `/api/admin/consultations/${missing}/messages/read`, cookie)).status,
    ).toBe(404);
  });

  it("keeps the message when its e-mail fails, and the cron's retry sends an excerpt and the link", async () => {
    const { id, token } = await sentRequest({ name: "Ana Ruiz" });
    const long = `Thanks Ana! ${"Lots of detail about the design. ".repeat(20)}`.trim();
    const response = await adminSend("POST", `/api/admin/consultations/${id}/messages`, cookie, {
      body: long,
    });
    expect(response.status).toBe(201);
    // No execution context here: the message waits for the cron, as after a failed attempt.
    const failing = await deliverMessageMail(env, {
      provider: { name: "down", send: () => Promise.reject(new Error("mail service unreachable")) },
    });
    expect(failing).toEqual({ sent: 0, retry: 1, failed: 0, stopped: 0 });
    const [row] = await messagesOf(id);
    expect(row?.mail_status).toBe("pending");
    expect(row?.mail_attempts).toBe(1);
    expect(row?.body).toBe(long);

    const mail = recorder();
    const later = new Date(Date.now() + 24 * 3_600_000);
    expect(await deliverMessageMail(env, { provider: mail, now: later })).toEqual({
      sent: 1,
      retry: 0,
      failed: 0,
      stopped: 0,
    });
    const [sent] = mail.sent;
    expect(sent?.to).toBe(validConsultation().email);
    expect(sent?.text).toContain(`/requests/${token}`);
    expect(sent?.text).toContain("Thanks Ana!");
    expect(sent?.text).not.toContain(long.trim());
    const quoted = sent?.text.split("\n").find((line) => line.startsWith("Thanks Ana!")) ?? "";
    expect(quoted.length).toBeLessThanOrEqual(200);
    expect((await messagesOf(id))[0]?.mail_status).toBe("sent");
  });

  it("tells the artist of a client's answer with an excerpt and the card's link, retried when the mail service is down", async () => {
    const { id, token } = await sentRequest({ name: "Sam Ortiz" });
    expect(
      (await answer(token, { body: "A question about the price." }, { overrides: { MAILER: brokenMailer } }))
        .status,
    ).toBe(303);
    expect((await messagesOf(id))[0]?.mail_status).toBe("pending");
    const mail = recorder();
    await deliverMessageMail(env, { provider: mail, now: new Date(Date.now() + 24 * 3_600_000) });
    const sent = mail.sent.find((n) => n.subject.includes("Sam Ortiz"));
    expect(sent?.to).toBeUndefined();
    expect(sent?.text).toContain("A question about the price.");
    expect(sent?.text).toContain(`/admin/consultations?id=${id}&open=${id}`);
  });

  it("templates: the artist edits, adds and removes them; bad input is refused naming the field", async () => {
    const list = (await (await adminSend("GET", "/api/admin/reply-templates", cookie)).json()) as {
      templates: { id: string; title: string }[];
    };
    expect(list.templates.map((t) => t.id)).toEqual(["ask-details", "send-quote", "kindly-decline"]);
    const edited = await adminSend("PUT", "/api/admin/reply-templates/send-quote", cookie, {
      title: "Quote",
      body: "Hi {firstName}, it is $400.",
    });
    expect(edited.status).toBe(200);
    const added = await adminSend("POST", "/api/admin/reply-templates", cookie, {
      title: "Aftercare",
      body: "Keep it clean.",
    });
    expect(added.status).toBe(201);
    const bad = await adminSend("POST", "/api/admin/reply-templates", cookie, { title: "", body: "x" });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.title,
    ).toBeTruthy();
    expect(
      (await adminSend("PUT", "/api/admin/reply-templates/nope", cookie, { title: "A", body: "B text" }))
        .status,
    ).toBe(404);
    expect((await adminSend("DELETE", "/api/admin/reply-templates/kindly-decline", cookie)).status).toBe(200);
    expect((await adminSend("DELETE", "/api/admin/reply-templates/kindly-decline", cookie)).status).toBe(404);
    const { id } = await sentRequest({ name: "Lee Chan" });
    const thread = (await (
      await adminSend("GET", `/api/admin/consultations/${id}/messages`, cookie)
    ).json()) as Thread;
    expect(thread.templates.map((t) => t.title)).toEqual(["Ask for details", "Quote", "Aftercare"]);
    expect(thread.templates[1]?.body).toBe("Hi Lee, it is $400.");
  });

  it("goes with its request: retention deletes the messages and the sweep their images", async () => {
    const { id, token } = await sentRequest();
    expect(
      (await answer(token, { body: "With a picture", image: await picture(200, 200, "jpeg") })).status,
    ).toBe(303);
    expect(await count("reference_images")).toBe(1);
    await env.DB.prepare("DELETE FROM consultation_requests WHERE id = ?").bind(id).run();
    await enforceRetention(env.DB, new Date());
    await sweepReferenceImages(env, new Date());
    expect(await messagesOf(id)).toEqual([]);
    expect(await count("reference_images")).toBe(0);
  });
});
