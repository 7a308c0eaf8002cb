import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";
import { send as adminSend } from "./admin-support";
import { studioSession } from "./content-support";
import { post, validConsultation } from "./submission-support";

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const today = contentFromModules();
const studio = studioSession();

/** Publishes the seed with its first design claimed, as the artist would after tattooing it. */
async function publishWithFirstClaimed() {
  const flash = structuredClone(today.flash);
  const [first] = flash;
  if (!first) throw new Error("The seed has no flash");
  first.status = "claimed";
  first.repeatable = false;
  expect((await studio.saveSection("flash", flash)).status).toBe(200);
  expect((await studio.publish()).status).toBe(201);
  return first;
}

describe("a consultation request for a flash design", () => {
  it("is saved with the design it names, which the admin inbox shows", async () => {
    const [design] = today.flash.filter((item) => item.status === "available");
    if (!design) throw new Error("The seed has no available design");
    const response = await post("/api/consultations", { ...validConsultation(), flashDesign: design.id });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await env.DB.prepare("SELECT flash_design FROM consultation_requests WHERE id = ?")
      .bind(id)
      .first<{ flash_design: string | null }>();
    expect(row?.flash_design).toBe(design.id);
    const inbox = await adminSend("GET", "/api/admin/consultations", studio.cookie());
    const listed = (await inbox.json()) as { items: Record<string, unknown>[] };
    expect(listed.items.find((item) => item.id === id)?.flashDesign).toBe(design.id);
  });

  it("refuses a design that does not exist, naming the field", async () => {
    const response = await post("/api/consultations", { ...validConsultation(), flashDesign: "flash-999" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("validation");
    expect(body.error.fields?.flashDesign).toMatch(/no longer on the flash sheet/);
  });

  it("refuses a claimed design with a message saying it is taken", async () => {
    const claimed = await publishWithFirstClaimed();
    const response = await post("/api/consultations", { ...validConsultation(), flashDesign: claimed.id });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.fields?.flashDesign).toMatch(/has been claimed/);
  });

  it("still accepts a request with no design", async () => {
    expect((await post("/api/consultations", validConsultation())).status).toBe(201);
  });
});
