import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCall, send, signedInEachTest } from "./admin-support";
import { acceptedQuote, addBooking } from "./booking-support";
import { addConsultation, addContact } from "./inbox-support";

const admin = signedInEachTest();

interface History {
  email: string;
  emails: string[];
  requests: {
    id: string;
    current: boolean;
    adminNotes: string | null;
    quoteStatus: string | null;
    depositStatus: string | null;
    sessions: { status: string; cancelledBy: string | null }[];
  }[];
  messages: { id: string }[];
}

const historyOf = async (id: string) => send("GET", `/api/admin/clients/of/${id}`, admin.cookie);
const unique = () => `${crypto.randomUUID()}@example.test`;

describe("a client's history", () => {
  it("groups every request, quote, deposit, session, note and message sent from the client's address", async () => {
    const email = unique();
    const first = await addConsultation({
      email,
      adminNotes: "Sensitive skin on the wrist",
      createdAt: "2025-03-01T10:00:00.000Z",
    });
    const { quoteId } = await acceptedQuote(first.id);
    await addBooking(first.id, quoteId, new Date("2025-04-01T17:00:00.000Z"), { status: "completed" });
    await addBooking(first.id, quoteId, new Date("2025-05-01T17:00:00.000Z"), {
      status: "cancelled",
      cancelledBy: "client",
    });
    // The same person, typing the address in capitals a year later.
    const second = await addConsultation({ email: email.toUpperCase() });
    const message = await addContact({ email });
    await addConsultation({ email: unique() });
    const response = await historyOf(second.id);
    expect(response.status).toBe(200);
    const history = (await response.json()) as History;
    expect(history.email).toBe(email);
    expect(history.requests.map((request) => [request.id, request.current])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const earlier = history.requests[1];
    expect(earlier).toMatchObject({
      adminNotes: "Sensitive skin on the wrist",
      quoteStatus: "accepted",
      depositStatus: "paid",
    });
    expect(earlier?.sessions.map((session) => [session.status, session.cancelledBy])).toEqual([
      ["cancelled", "client"],
      ["completed", null],
    ]);
    expect(history.messages.map((item) => item.id)).toEqual([message.id]);
  });

  it("takes in a second address the artist merges, and lets it go again", async () => {
    const email = unique();
    const other = unique();
    const request = await addConsultation({ email });
    const fromOther = await addConsultation({ email: other });
    const merged = await send("POST", `/api/admin/clients/of/${request.id}/addresses`, admin.cookie, {
      email: other.toUpperCase(),
    });
    expect(merged.status).toBe(201);
    const history = (await merged.json()) as History;
    expect(history.emails).toEqual([email, other]);
    expect(history.requests.map((item) => item.id).sort()).toEqual([request.id, fromOther.id].sort());
    // Seen from the second address's request, the client is the same.
    expect(((await (await historyOf(fromOther.id)).json()) as History).email).toBe(email);
    const again = await send("POST", `/api/admin/clients/of/${request.id}/addresses`, admin.cookie, {
      email: other,
    });
    expect(again.status).toBe(200);
    expect((await send("DELETE", `/api/admin/clients/addresses/${other}`, admin.cookie)).status).toBe(204);
    expect(((await (await historyOf(request.id)).json()) as History).emails).toEqual([email]);
    expect((await send("DELETE", `/api/admin/clients/addresses/${other}`, admin.cookie)).status).toBe(404);
  });

  it("refuses an address nobody wrote from, a malformed one, and an unknown request, merging nothing", async () => {
    const request = await addConsultation({ email: unique() });
    const nobody = await send("POST", `/api/admin/clients/of/${request.id}/addresses`, admin.cookie, {
      email: unique(),
    });
    expect(nobody.status).toBe(404);
    expect(((await nobody.json()) as { error: { code: string } }).error.code).toBe("unknown_address");
    const malformed = await send("POST", `/api/admin/clients/of/${request.id}/addresses`, admin.cookie, {
      email: "not an address",
    });
    expect(malformed.status).toBe(400);
    expect((await historyOf(crypto.randomUUID())).status).toBe(404);
    const aliases = await env.DB.prepare("SELECT COUNT(*) AS n FROM client_aliases").first<{ n: number }>();
    expect(aliases?.n).toBe(0);
  });

  it("is refused to anyone not signed in", async () => {
    const request = await addConsultation({ email: unique() });
    expect((await adminCall(`/api/admin/clients/of/${request.id}`)).status).toBe(401);
  });
});
