import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bookings } from "../../worker/platform/db/schema";
import { adminCall, send as adminSend, ORIGIN, quietLogs, signedInAdmin } from "./admin-support";
import { seedContent } from "./content-support";
import { contains, emptyBucket, GPS_MARKER, jpegWithExif, picture } from "./photos-support";
import { prerenderedAssets } from "./site-pages-support";
import { freshIp, post, send, validConsultation } from "./submission-support";

const tokenPattern = /\/requests\/([A-Za-z0-9_-]{43})$/;

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(async () => {
  quietLogs();
  await emptyBucket();
  await seedContent();
});

/** A request whose session is done, and the client's answer with a photo of the healed tattoo. */
async function healedRequest() {
  const response = await post("/api/consultations", validConsultation());
  const body = (await response.json()) as { id: string; statusUrl?: string };
  const token = tokenPattern.exec(body.statusUrl ?? "")?.[1] ?? "";
  await drizzle(env.DB).insert(bookings).values({
    id: crypto.randomUUID(),
    submissionId: body.id,
    quoteId: crypto.randomUUID(),
    startsAt: "2026-09-01T14:00:00.000Z",
    endsAt: "2026-09-01T17:00:00.000Z",
    status: "completed",
    completedAt: "2026-09-01T17:05:00.000Z",
  });
  const form = new FormData();
  form.set("body", "Here it is, all healed!");
  form.set(
    "image",
    new File([jpegWithExif(await picture(900, 600, "jpeg"))], "healed.jpg", { type: "image/jpeg" }),
  );
  const answer = await send(
    `/requests/${token}/messages`,
    {
      method: "POST",
      headers: { Origin: ORIGIN, "CF-Connecting-IP": freshIp() },
      body: form,
      redirect: "manual",
    },
    { ASSETS: prerenderedAssets },
  );
  expect(answer.status).toBe(303);
  const image = await env.DB.prepare(
    "SELECT id FROM reference_images WHERE submission_id = ? AND message_id IS NOT NULL",
  )
    .bind(body.id)
    .first<{ id: string }>();
  return { id: body.id, token, imageId: image?.id ?? "" };
}

function allow(token: string, choice: "on" | "off") {
  return send(
    `/requests/${token}/aftercare/portfolio`,
    {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        "CF-Connecting-IP": freshIp(),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: `choice=${choice}`,
      redirect: "manual",
    },
    { ASSETS: prerenderedAssets },
  );
}

async function portfolioDraft() {
  const row = await env.DB.prepare("SELECT data FROM content_drafts WHERE section = 'portfolio'").first<{
    data: string;
  }>();
  return row
    ? (JSON.parse(row.data) as { id: string; hidden: boolean; healed: boolean; image?: { key: string } }[])
    : [];
}

const photoCount = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM photos").first<{ n: number }>())?.n ?? 0;

describe("a healed photo into the portfolio", () => {
  it("is refused without the client's permission (403), and after it is withdrawn, adding nothing", async () => {
    const { id, token, imageId } = await healedRequest();
    const cookie = (await signedInAdmin()).cookie;
    const before = await portfolioDraft();
    const photosBefore = await photoCount();
    const refused = await adminSend("POST", `/api/admin/consultations/${id}/aftercare/portfolio`, cookie, {
      imageId,
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("no_permission");
    expect(await allow(token, "on")).toHaveProperty("status", 303);
    expect(await allow(token, "off")).toHaveProperty("status", 303);
    const withdrawn = await adminSend("POST", `/api/admin/consultations/${id}/aftercare/portfolio`, cookie, {
      imageId,
    });
    expect(withdrawn.status).toBe(403);
    expect(await portfolioDraft()).toEqual(before);
    expect(await photoCount()).toBe(photosBefore);
  });

  it("with permission, makes a hidden healed piece in the draft through the photo pipeline, no metadata kept", async () => {
    const { id, token, imageId } = await healedRequest();
    const cookie = (await signedInAdmin()).cookie;
    expect((await allow(token, "on")).status).toBe(303);
    const overview = await adminSend("GET", `/api/admin/consultations/${id}/aftercare`, cookie);
    expect(overview.status).toBe(200);
    const seen = (await overview.json()) as {
      portfolio: { allowedAt: string | null };
      images: { id: string }[];
    };
    expect(seen.portfolio.allowedAt).not.toBeNull();
    expect(seen.images.map((image) => image.id)).toEqual([imageId]);

    const added = await adminSend("POST", `/api/admin/consultations/${id}/aftercare/portfolio`, cookie, {
      imageId,
    });
    expect(added.status).toBe(201);
    const { piece } = (await added.json()) as { piece: { id: string; title: string } };
    const draft = await portfolioDraft();
    const made = draft.find((item) => item.id === piece.id);
    expect(made).toMatchObject({ hidden: true, healed: true, status: "completed", date: "2026-09-01" });
    expect(made?.image?.key).toMatch(/^uploads\//);
    // Every other piece is still there, as it was.
    expect(draft).toHaveLength((await portfolioDraftLengthOfSeed()) + 1);
    const original = await env.PHOTOS.get(`${made?.image?.key}/original`);
    expect(original).not.toBeNull();
    expect(contains(new Uint8Array(await (original as R2ObjectBody).arrayBuffer()), GPS_MARKER)).toBe(false);
    const choices = await env.DB.prepare(
      "SELECT portfolio_piece_ids FROM aftercare_choices WHERE submission_id = ?",
    )
      .bind(id)
      .first<{ portfolio_piece_ids: string }>();
    expect(JSON.parse(choices?.portfolio_piece_ids ?? "[]")).toEqual([piece.id]);
    // Nothing is on the site until the artist publishes: the live portfolio does not have it.
    const live = await env.DB.prepare(
      "SELECT snapshot FROM content_versions ORDER BY version DESC LIMIT 1",
    ).first<{
      snapshot: string;
    }>();
    expect(live?.snapshot).not.toContain(piece.id);
    // The client withdraws: nothing more can be added, and the card names the piece to take down.
    expect((await allow(token, "off")).status).toBe(303);
    const after = (await (
      await adminSend("GET", `/api/admin/consultations/${id}/aftercare`, cookie)
    ).json()) as {
      portfolio: { allowedAt: string | null; withdrawnAt: string | null; pieceIds: string[] };
    };
    expect(after.portfolio).toMatchObject({ allowedAt: null, pieceIds: [piece.id] });
    expect(after.portfolio.withdrawnAt).not.toBeNull();
    const again = await adminSend("POST", `/api/admin/consultations/${id}/aftercare/portfolio`, cookie, {
      imageId,
    });
    expect(again.status).toBe(403);
  });

  it("answers 400 naming the field, 404 for an image or request that is not there, 401 without a session", async () => {
    const { id, token, imageId } = await healedRequest();
    const cookie = (await signedInAdmin()).cookie;
    await allow(token, "on");
    const photosBefore = await photoCount();
    const bad = await adminSend("POST", `/api/admin/consultations/${id}/aftercare/portfolio`, cookie, {
      imageId: "",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { error: { fields: object } }).error.fields)).toEqual([
      "imageId",
    ]);
    const otherImage = await adminSend("POST", `/api/admin/consultations/${id}/aftercare/portfolio`, cookie, {
      imageId: crypto.randomUUID(),
    });
    expect(otherImage.status).toBe(404);
    const noRequest = await adminSend(
      "POST",
      `/api/admin/consultations/${crypto.randomUUID()}/aftercare/portfolio`,
      cookie,
      { imageId },
    );
    expect(noRequest.status).toBe(404);
    const anonymous = await adminCall(`/api/admin/consultations/${id}/aftercare/portfolio`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ imageId }),
    });
    expect(anonymous.status).toBe(401);
    expect(await photoCount()).toBe(photosBefore);
  });
});

/** The seeded portfolio's length (the draft starts from the published version). */
async function portfolioDraftLengthOfSeed() {
  const live = await env.DB.prepare(
    "SELECT snapshot FROM content_versions ORDER BY version DESC LIMIT 1",
  ).first<{
    snapshot: string;
  }>();
  return (JSON.parse(live?.snapshot ?? "{}") as { portfolio?: unknown[] }).portfolio?.length ?? 0;
}
