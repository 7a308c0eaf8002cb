import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";
import { deliverNotification } from "../../worker/features/mail/outbox";
import { notificationFor } from "../../worker/features/mail/queries";
import type { MailProvider, Notification } from "../../worker/platform/mail";
import { send as adminSend } from "./admin-support";
import { studioSession } from "./content-support";
import { brokenMailer, post, validConsultation } from "./submission-support";

// A request made from "Book this design" names the design by its id; the artist reads the
// design itself on the inbox card and in her e-mail, and learns when it has left the sheet.

interface Reference {
  id: string;
  title: string | null;
  image: unknown;
  onSheet: boolean;
  status: string | null;
}
interface Listed {
  items: (Record<string, unknown> & { id: string; references: Record<string, Reference> })[];
}

const today = contentFromModules();
const studio = studioSession();

const available = () => {
  const design = today.flash.find((item) => item.status === "available");
  if (!design) throw new Error("The seed has no available design");
  return design;
};

async function requestFor(designId: string, options: Parameters<typeof post>[2] = {}) {
  const response = await post(
    "/api/consultations",
    { ...validConsultation(), flashDesign: designId },
    options,
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Publishes the flash sheet as `change` leaves it, as the artist would in the Studio. */
async function publishFlash(change: (flash: typeof today.flash) => typeof today.flash) {
  expect((await studio.saveSection("flash", change(structuredClone(today.flash)))).status).toBe(200);
  expect((await studio.publish()).status).toBe(201);
}

async function listedReference(id: string) {
  const response = await adminSend("GET", "/api/admin/consultations", studio.cookie());
  expect(response.status).toBe(200);
  const item = ((await response.json()) as Listed).items.find((entry) => entry.id === id);
  return item?.references;
}

/** The e-mail the artist would get for a request, written by a provider that keeps it. */
async function notificationText(requestId: string) {
  const state = await notificationFor(env.DB, "consultation", requestId);
  const sent: Notification[] = [];
  const provider: MailProvider = {
    name: "test",
    send: async (notification) => {
      sent.push(notification);
      return { provider: "test", messageId: "kept" };
    },
  };
  const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
  expect(await deliverNotification(env, state?.id ?? "", { now: later, provider })).toBe("sent");
  return sent[0]?.text ?? "";
}

describe("a request naming a flash design, in the inbox", () => {
  it("comes with the design's title and picture, on the sheet", async () => {
    const design = available();
    const id = await requestFor(design.id);
    expect(await listedReference(id)).toEqual({
      flashDesign: {
        id: design.id,
        title: design.title,
        image: design.image,
        onSheet: true,
        status: "available",
      },
    });
  });

  it("names only the id, as no longer on the sheet, once the design is deleted", async () => {
    const design = available();
    const id = await requestFor(design.id);
    await publishFlash((flash) => flash.filter((item) => item.id !== design.id));
    expect(await listedReference(id)).toEqual({
      flashDesign: { id: design.id, title: null, image: null, onSheet: false, status: null },
    });
  });

  it("keeps an archived design's title but says it is off the sheet", async () => {
    const design = available();
    const id = await requestFor(design.id);
    await publishFlash((flash) =>
      flash.map((item) => (item.id === design.id ? { ...item, status: "archived" as const } : item)),
    );
    expect((await listedReference(id))?.flashDesign).toMatchObject({ title: design.title, onSheet: false });
  });

  it("gives a request without a design, and a contact message, no references", async () => {
    const plain = await post("/api/consultations", validConsultation());
    const { id } = (await plain.json()) as { id: string };
    expect(await listedReference(id)).toEqual({});
    const contacts = (await (
      await adminSend("GET", "/api/admin/contacts", studio.cookie())
    ).json()) as Listed;
    for (const item of contacts.items) expect(item.references).toEqual({});
  });

  it("is for the artist only (401 without a session)", async () => {
    expect((await adminSend("GET", "/api/admin/consultations", "")).status).toBe(401);
  });
});

describe("a request naming a flash design, in the artist's e-mail", () => {
  it("shows the design's title beside its id", async () => {
    const design = available();
    const id = await requestFor(design.id, { env: { MAILER: brokenMailer } });
    expect(await notificationText(id)).toContain(`Flash design: ${design.title} (${design.id})`);
  });

  it("says the design is no longer on the flash sheet when it was deleted before the e-mail went", async () => {
    const design = available();
    const id = await requestFor(design.id, { env: { MAILER: brokenMailer } });
    await publishFlash((flash) => flash.filter((item) => item.id !== design.id));
    expect(await notificationText(id)).toContain(`Flash design: ${design.id} (no longer on the flash sheet)`);
  });

  it("shows a dash when the request names no design", async () => {
    const response = await post("/api/consultations", validConsultation(), { env: { MAILER: brokenMailer } });
    const { id } = (await response.json()) as { id: string };
    expect(await notificationText(id)).toContain("Flash design: -");
  });
});
