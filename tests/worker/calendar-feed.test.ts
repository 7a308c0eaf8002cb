import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withoutTokens } from "../../shared/private-links";
import { contentFromModules } from "../../worker/features/content/seed";
import { enforceRetention, retentionRules } from "../../worker/retention";
import { send, signedInAdmin } from "./admin-support";
import { addBooking, readyToBook } from "./booking-support";
import { seedContent } from "./content-support";
import { addConsultation } from "./inbox-support";
import { call } from "./support";

interface FeedAddress {
  url: string;
  webcalUrl: string;
  createdAt: string;
}

let cookie: string;
beforeAll(seedContent);
// A session of her own for each test: the retention test's run, a month ahead, ends the one before.
beforeEach(async () => {
  ({ cookie } = await signedInAdmin());
});

const feedApi = (method: string, signedIn = true) =>
  send(method, "/api/admin/calendar-feed", signedIn ? cookie : "");

async function newAddress(): Promise<FeedAddress> {
  const response = await feedApi("POST");
  expect(response.status).toBe(201);
  return response.json();
}

/** The feed's body as her calendar app fetches it. */
async function fetchFeed(address: FeedAddress) {
  const response = await call(new URL(address.url).pathname);
  return { response, body: response.status === 200 ? await response.text() : "" };
}

/** The events of an iCalendar body, each unfolded into its property lines. */
function eventsOf(body: string): Map<string, string>[] {
  const unfolded = body.replace(/\r\n /g, "");
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map(
    (match) =>
      new Map(
        (match[1] ?? "")
          .split("\r\n")
          .filter(Boolean)
          .map((line) => {
            const colon = line.indexOf(":");
            return [line.slice(0, colon), line.slice(colon + 1)] as [string, string];
          }),
      ),
  );
}

const domain = new URL(env.SITE_URL).hostname;
const inDays = (days: number, atHourUtc = 17) => {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(atHourUtc, 0, 0, 0);
  return day;
};

describe("the artist's calendar feed address", () => {
  it("is made, shown once as an https and a webcal address, and reported live without its token", async () => {
    const address = await newAddress();
    expect(address.url.startsWith(`${env.SITE_URL}/calendar/`)).toBe(true);
    expect(new URL(address.url).pathname).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(address.webcalUrl).toBe(address.url.replace(/^https:/, "webcal:"));
    const state = await feedApi("GET");
    expect(state.status).toBe(200);
    const body = await state.json();
    expect(body).toEqual({ active: true, createdAt: address.createdAt });
    expect(JSON.stringify(body)).not.toContain(new URL(address.url).pathname);
  });

  it("is refused to anyone not signed in", async () => {
    for (const method of ["GET", "POST", "DELETE"]) expect((await feedApi(method, false)).status).toBe(401);
  });

  it("stops working when a new one is made, and when it is turned off", async () => {
    const first = await newAddress();
    const second = await newAddress();
    expect((await fetchFeed(first)).response.status).toBe(404);
    expect((await fetchFeed(second)).response.status).toBe(200);
    expect((await feedApi("DELETE")).status).toBe(204);
    expect((await fetchFeed(second)).response.status).toBe(404);
    expect(await (await feedApi("GET")).json()).toEqual({ active: false, createdAt: null });
    const again = await feedApi("DELETE");
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      error: { code: "not_found", message: "There is no calendar address to turn off." },
    });
  });

  it("answers a wrong, malformed or overlong address with a bare 404 or 400, never a calendar", async () => {
    await newAddress();
    for (const path of [
      `/calendar/${"A".repeat(43)}.ics`,
      "/calendar/short.ics",
      `/calendar/${"A".repeat(43)}`,
    ]) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).not.toContain("text/calendar");
    }
    expect((await call(`/calendar/${"A".repeat(200)}.ics`)).status).toBe(400);
  });

  it("is never written to a log or a measurement in full", () => {
    expect(withoutTokens(`GET /calendar/${"x".repeat(43)}.ics 200`)).toBe("GET /calendar/:token 200");
  });

  it("is kept 30 days after it is revoked, then deleted by retention", async () => {
    expect(retentionRules).toContainEqual(expect.objectContaining({ table: "calendar_feeds", days: 30 }));
    await newAddress();
    await feedApi("DELETE");
    const later = new Date(Date.now() + 31 * 86_400_000);
    await enforceRetention(env.DB, later);
    const left = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM calendar_feeds WHERE revoked_at IS NOT NULL",
    ).first<{
      n: number;
    }>();
    expect(left?.n).toBe(0);
  });
});

describe("the calendar feed", () => {
  it("lists a booked session by the client's first name, the design and its length, and nothing private", async () => {
    const client = await readyToBook({ name: "Maya Lindqvist" });
    const startsAt = inDays(5);
    const id = await addBooking(client.id, client.quoteId, startsAt);
    const address = await newAddress();
    const { response, body } = await fetchFeed(address);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
    expect(body.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const event = eventsOf(body).find((item) => item.get("UID") === `${id}@${domain}`);
    expect(event?.get("SUMMARY")).toBe("Maya · A fine-line peony on the forearm");
    expect(event?.get("DTSTART")).toBe(
      startsAt
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, ""),
    );
    expect(event?.get("STATUS")).toBe("CONFIRMED");
    expect(event?.get("DESCRIPTION")).toContain("3 h session");
    expect(event?.get("URL")).toBe(`${env.SITE_URL}/admin/consultations?id=${client.id}&open=${client.id}`);
    for (const secret of ["Lindqvist", client.email, "301-555-0101", "$300-600"])
      expect(body).not.toContain(secret);
  });

  it("names a flash design by its title", async () => {
    const [design] = contentFromModules().flash;
    if (!design) throw new Error("The seed has no flash");
    const request = await addConsultation({ name: "Ines Okafor", flashDesign: design.id });
    const client = await readyToBook();
    const id = await addBooking(request.id, client.quoteId, inDays(9));
    const { body } = await fetchFeed(await newAddress());
    const event = eventsOf(body).find((item) => item.get("UID") === `${id}@${domain}`);
    expect(event?.get("SUMMARY")).toBe(`Ines · ${design.title} (${design.id})`.replace(/,/g, "\\,"));
  });

  it("moves a moved session's one event, and marks a cancelled one", async () => {
    const client = await readyToBook({ name: "Theo Park" });
    const first = await addBooking(client.id, client.quoteId, inDays(6), {
      status: "cancelled",
      cancelledBy: "move",
      cancelledAt: new Date().toISOString(),
    });
    const movedTo = inDays(8, 15);
    await addBooking(client.id, client.quoteId, movedTo, {
      calendarUid: first,
      calendarSequence: 1,
      movedFrom: first,
    });
    const other = await readyToBook({ name: "Ada Brooks" });
    const cancelled = await addBooking(other.id, other.quoteId, inDays(7), {
      status: "cancelled",
      cancelledBy: "artist",
      cancelledAt: new Date().toISOString(),
    });
    const events = eventsOf((await fetchFeed(await newAddress())).body);
    const moved = events.filter((item) => item.get("UID") === `${first}@${domain}`);
    expect(moved).toHaveLength(1);
    expect(moved[0]?.get("SEQUENCE")).toBe("1");
    expect(moved[0]?.get("DTSTART")).toBe(
      movedTo
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, ""),
    );
    expect(moved[0]?.get("DESCRIPTION")).toContain("moved by the client");
    const gone = events.find((item) => item.get("UID") === `${cancelled}@${domain}`);
    expect(gone?.get("STATUS")).toBe("CANCELLED");
    expect(gone?.get("SUMMARY")).toMatch(/^Cancelled: Ada · /);
    expect(gone?.get("SEQUENCE")).toBe("1");
    expect(gone?.get("TRANSP")).toBe("TRANSPARENT");
  });

  it("shows the days she is away as all-day events, and leaves out sessions long past", async () => {
    const away = inDays(12).toISOString().slice(0, 10);
    const blocked = await send("POST", "/api/admin/bookings/blocked-dates", cookie, {
      date: away,
      note: "Convention in Baltimore",
    });
    expect(blocked.status).toBe(201);
    const client = await readyToBook();
    const old = await addBooking(client.id, client.quoteId, new Date(Date.now() - 200 * 86_400_000), {
      status: "completed",
    });
    const events = eventsOf((await fetchFeed(await newAddress())).body);
    const day = events.find((item) => item.get("UID") === `away-${away}@${domain}`);
    expect(day?.get("DTSTART;VALUE=DATE")).toBe(away.replaceAll("-", ""));
    expect(day?.get("SUMMARY")).toBe("Away: Convention in Baltimore");
    expect(events.some((item) => item.get("UID") === `${old}@${domain}`)).toBe(false);
  });
});
