import { describe, expect, it } from "vitest";
import { SESSION_ENDS_HEADER, SESSION_IDLE_MS } from "../../shared/admin";
import { send, signedInEachTest } from "./admin-support";
import { addConsultation, addContact } from "./inbox-support";

const admin = signedInEachTest();

describe("GET /api/admin/audit names whose submission changed", () => {
  it("answers each entry with the person's name, so the log never has to show an id", async () => {
    const request = await addConsultation({ name: "Ana Ruiz" });
    const message = await addContact({ name: "Zoë Łukasz-Nguyen" });
    await send("PATCH", `/api/admin/consultations/${request.id}`, admin.cookie, { status: "contacted" });
    await send("PATCH", `/api/admin/contacts/${message.id}`, admin.cookie, { adminNotes: "Called back" });
    const answer = (await (await send("GET", "/api/admin/audit", admin.cookie)).json()) as {
      items: { entityId: string; subject: string | null }[];
    };
    const subjectOf = (id: string) => answer.items.find((item) => item.entityId === id)?.subject;
    expect(subjectOf(request.id)).toBe("Ana Ruiz");
    expect(subjectOf(message.id)).toBe("Zoë Łukasz-Nguyen");
  });
});

describe("signed-in admin answers say when the session ends", () => {
  it("carries the end of the idle window, about 30 minutes ahead", async () => {
    const response = await send("GET", "/api/admin/session", admin.cookie);
    expect(response.status).toBe(200);
    const left = Number(response.headers.get(SESSION_ENDS_HEADER));
    expect(left).toBeGreaterThan(SESSION_IDLE_MS - 60_000);
    expect(left).toBeLessThanOrEqual(SESSION_IDLE_MS);
  });
});
