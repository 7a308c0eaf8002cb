import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { ReferenceImageUploaded } from "../../shared/reference-images";
import { sweepReferenceImages } from "../../worker/features/reference-images/service";
import { saveSubmission } from "../../worker/features/requests/queries";
import { concat, sha256Hex } from "../../worker/platform/crypto";
import { submissionQuota } from "../../worker/platform/rate-limit";
import { enforceRetention } from "../../worker/retention";
import { adminCall, ORIGIN, quietLogs, signedInAdmin } from "./admin-support";
import { contains, emptyBucket, GPS_MARKER, jpegWithExif, picture, pngWithText } from "./photos-support";
import { prerenderedAssets } from "./site-pages-support";
import { count, freshIp, post, send, validConsultation } from "./submission-support";

const MB = 1024 * 1024;

beforeEach(async () => {
  quietLogs();
  await emptyBucket();
  await env.DB.prepare("DELETE FROM reference_images").run();
});

/** What the request form's uploader sends: one file's bytes, its name, from this site's page. */
function uploadImage(bytes: Uint8Array | ReadableStream<Uint8Array>, name: string, ip = freshIp()) {
  return send("/api/reference-images", {
    method: "POST",
    headers: {
      Origin: ORIGIN,
      "CF-Connecting-IP": ip,
      "Content-Type": "image/jpeg",
      "X-File-Name": encodeURIComponent(name),
      ...(bytes instanceof Uint8Array ? { "Content-Length": String(bytes.length) } : {}),
    },
    body: bytes,
    ...(bytes instanceof Uint8Array ? {} : { duplex: "half" }),
  } as RequestInit);
}

async function uploaded(bytes: Uint8Array, name: string): Promise<ReferenceImageUploaded> {
  const response = await uploadImage(bytes, name);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { image: ReferenceImageUploaded }).image;
}

async function objectKeys() {
  return (await env.PHOTOS.list({ prefix: "references/" })).objects.map((object) => object.key).sort();
}

/** Pictures of these sizes and types, uploaded one after another as a.jpg, b.png, c.webp, … */
async function uploadedPictures(...specs: [number, number, "jpeg" | "png" | "webp"][]) {
  const images: ReferenceImageUploaded[] = [];
  for (const [index, [width, height, type]] of specs.entries()) {
    const name = `${String.fromCharCode(97 + index)}.${type === "jpeg" ? "jpg" : type}`;
    images.push(await uploaded(await picture(width, height, type), name));
  }
  return images;
}

const claim = (image: ReferenceImageUploaded) => ({ id: image.id, token: image.token });

async function consultationWith(images: { id: string; token: string }[], ip = freshIp()) {
  return post("/api/consultations", { ...validConsultation(), referenceImages: images }, { ip });
}

async function errorOf(response: Response) {
  return (
    (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }
  ).error;
}

describe("uploading a reference image", () => {
  it("stores a cleaned copy and a thumbnail, answers an id and a 256-bit token kept only hashed", async () => {
    const photo = jpegWithExif(await picture(1200, 900, "jpeg"), 1);
    expect(contains(photo, GPS_MARKER)).toBe(true);
    const image = await uploaded(photo, "my-dog.jpg");

    expect(image.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(image.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(image).toMatchObject({ width: 1200, height: 900 });
    expect(await objectKeys()).toEqual([
      `references/${image.id}/full.webp`,
      `references/${image.id}/thumb.webp`,
    ]);
    for (const key of await objectKeys()) {
      const bytes = new Uint8Array(await ((await env.PHOTOS.get(key))?.arrayBuffer() ?? new ArrayBuffer(0)));
      expect(contains(bytes, GPS_MARKER), key).toBe(false);
      expect(contains(bytes, "Exif"), key).toBe(false);
    }
    const row = await env.DB.prepare(
      "SELECT token_hash, submission_id, type FROM reference_images WHERE id = ?",
    )
      .bind(image.id)
      .first<{ token_hash: string; submission_id: string | null; type: string }>();
    expect(row?.submission_id).toBeNull();
    expect(row?.type).toBe("image/jpeg");
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(image.token);
  });

  it("takes PNG and WebP, and reads the type from the bytes rather than the header", async () => {
    const png = await uploaded(pngWithText(await picture(300, 200, "png")), "screenshot.png");
    const webp = await uploaded(await picture(200, 300, "webp"), "from-chat.jpg");
    expect(png).toMatchObject({ width: 300, height: 200 });
    expect(webp).toMatchObject({ width: 200, height: 300 });
  });

  it("refuses an oversized image from its declared size and while it streams, storing nothing", async () => {
    const big = concat(await picture(64, 64, "jpeg"), new Uint8Array(10 * MB));
    const declared = await uploadImage(big, "huge.jpg");
    expect(declared.status).toBe(413);
    expect((await errorOf(declared)).message).toBe(
      '"huge.jpg" is 10.1 MB; an image can be at most 10 MB. Export it at a smaller size (or take a screenshot of it), then upload it again.',
    );
    const streamed = await uploadImage(new Blob([big]).stream(), "huge.jpg");
    expect(streamed.status).toBe(413);
    expect(await objectKeys()).toEqual([]);
    expect(await count("reference_images")).toBe(0);
  });

  it("refuses a file that is not a JPEG, PNG or WebP whatever its name says, and HEIC with the fix", async () => {
    const program = await uploadImage(
      new TextEncoder().encode("MZ\x90\x00 this is a program"),
      "cute-cat.jpg",
    );
    expect(program.status).toBe(415);
    expect((await errorOf(program)).message).toBe(
      '"cute-cat.jpg" is not a JPEG, PNG or WebP image, whatever its name says. Choose an image in one of those formats.',
    );
    const heic = Uint8Array.from([0, 0, 0, 24, ...new TextEncoder().encode("ftypheic"), 0, 0, 0, 0]);
    const refused = await uploadImage(concat(heic, new Uint8Array(64)), "IMG_0001.HEIC");
    expect(refused.status).toBe(415);
    expect(await errorOf(refused)).toMatchObject({ code: "heic" });
    expect(
      (await errorOf(await uploadImage(concat(heic, new Uint8Array(64)), "IMG_0001.HEIC"))).message,
    ).toContain("Share it as a JPEG instead");
    expect(await count("reference_images")).toBe(0);
  });

  it("refuses a truncated image as damaged, storing nothing", async () => {
    const jpeg = await picture(800, 600, "jpeg");
    const cut = await uploadImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)), "cut-off.jpg");
    expect(cut.status).toBe(422);
    const error = await errorOf(cut);
    expect(error.code).toBe("unreadable");
    expect(error.message).toContain('"cut-off.jpg" could not be read as a picture');
    expect(await objectKeys()).toEqual([]);
    expect(await count("reference_images")).toBe(0);
  });

  it("refuses another site's page and a connection that sent too many in the hour", async () => {
    const jpeg = await picture(64, 64, "jpeg");
    const foreign = await send("/api/reference-images", {
      method: "POST",
      headers: { Origin: "https://elsewhere.example", "Content-Type": "image/jpeg" },
      body: jpeg,
    });
    expect(foreign.status).toBe(403);

    const ip = freshIp();
    const quota = await submissionQuota({
      scope: "reference-images",
      address: ip,
      secret: env.RATE_LIMIT_SECRET,
      max: 30,
      windowSeconds: 3600,
      now: new Date(),
    });
    await env.DB.prepare("INSERT INTO rate_limit_windows (key, window_start, count) VALUES (?, ?, 30)")
      .bind(quota.key, quota.windowStart)
      .run();
    const limited = await uploadImage(jpeg, "one-more.jpg", ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await count("reference_images")).toBe(0);
  });
});

describe("a consultation request with reference images", () => {
  it("attaches three images, which the artist then sees on the request's card", async () => {
    const images = await uploadedPictures([900, 600, "jpeg"], [600, 900, "png"], [500, 500, "webp"]);
    const response = await consultationWith(images.map(claim));
    expect(response.status, await response.clone().text()).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const cookie = (await signedInAdmin()).cookie;
    const list = await adminCall("/api/admin/consultations", { headers: { Cookie: cookie } });
    const item = ((await list.json()) as { items: { id: string; referenceImages: unknown[] }[] }).items.find(
      (row) => row.id === id,
    );
    expect(item?.referenceImages).toEqual(
      images.map((image) => ({ id: image.id, width: image.width, height: image.height })),
    );
    for (const image of images) {
      const thumb = await adminCall(`/api/admin/reference-images/${image.id}/thumb`, {
        headers: { Cookie: cookie },
      });
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get("Content-Type")).toBe("image/webp");
      expect(thumb.headers.get("Cache-Control")).toBe("private, max-age=3600");
      const info = await env.IMAGES.info(thumb.body as ReadableStream);
      expect("width" in info && Math.max(info.width, info.height)).toBe(320);
      const full = await adminCall(`/api/admin/reference-images/${image.id}/full`, {
        headers: { Cookie: cookie },
      });
      expect(full.status).toBe(200);
      const fullInfo = await env.IMAGES.info(full.body as ReadableStream);
      expect("width" in fullInfo && [fullInfo.width, fullInfo.height]).toEqual([image.width, image.height]);
    }
  });

  it("shows the client the images they sent on their private page, to that link only", async () => {
    const images = await uploadedPictures([900, 600, "jpeg"], [600, 900, "png"]);
    const response = await consultationWith(images.map(claim));
    const { statusUrl } = (await response.json()) as { statusUrl: string };
    const path = new URL(statusUrl).pathname;
    const other = await consultationWith([]);
    const otherPath = new URL(((await other.json()) as { statusUrl: string }).statusUrl).pathname;
    const pageOf = (at: string) =>
      send(at, { headers: { "CF-Connecting-IP": freshIp() } }, { ASSETS: prerenderedAssets });

    const html = await (await pageOf(path)).text();
    const sent = html.slice(html.indexOf('id="request-sent-title"'));
    expect(sent).toContain("Your 2 images");
    for (const [index, image] of images.entries()) {
      expect(sent).toContain(`href="${path}/images/${image.id}/full"`);
      expect(sent).toContain(`alt="Image ${index + 1} you sent with your request (opens full size)"`);
      const thumb = await pageOf(`${path}/images/${image.id}/thumb`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get("Content-Type")).toBe("image/webp");
      expect(thumb.headers.get("Cache-Control")).toBe("no-store");
      await thumb.body?.cancel();
      // Another request's link does not open it.
      expect((await pageOf(`${otherPath}/images/${image.id}/full`)).status).toBe(404);
    }
    expect(await (await pageOf(otherPath)).text()).not.toContain("you sent with your request");
  });

  it("refuses a wrong token, a sixth image and an image already sent, saving nothing", async () => {
    const image = await uploaded(await picture(300, 300, "jpeg"), "a.jpg");
    const before = await count("consultation_requests");

    const forged = await consultationWith([{ id: image.id, token: "A".repeat(43) }]);
    expect(forged.status).toBe(400);
    expect((await errorOf(forged)).fields).toEqual({
      referenceImages:
        "One of your reference images is no longer available (it was sent already or removed after a day). Remove it and add it again.",
    });

    const six = Array.from({ length: 6 }, () => ({ id: crypto.randomUUID(), token: "B".repeat(43) }));
    const tooMany = await consultationWith(six);
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).fields).toEqual({
      referenceImages: "A request can carry at most 5 reference images.",
    });
    expect(await count("consultation_requests")).toBe(before);
    expect(await count("mail_queue WHERE kind = 'notification'")).toBe(before);

    // The refused requests left the image unclaimed: the real request still takes it, once.
    expect((await consultationWith([claim(image)])).status).toBe(201);
    const again = await consultationWith([claim(image)]);
    expect(again.status).toBe(400);
    expect((await errorOf(again)).fields?.referenceImages).toContain("no longer available");
    expect(await count("consultation_requests")).toBe(before + 1);
  });

  it("gives a shared image to one of two requests sent at once, and refuses the other whole", async () => {
    const images = await uploadedPictures([300, 300, "jpeg"], [300, 300, "jpeg"]);
    const before = await count("consultation_requests");
    // Whichever is saved first has the shared image; the other is refused by the check or, when
    // both passed it, by the save's own guard (tested alone below).
    const results = await Promise.all([
      consultationWith([claim(images[0] as ReferenceImageUploaded)]),
      consultationWith(images.map(claim)),
    ]);
    const statuses = results.map((response) => response.status).sort();
    const saved = await count("consultation_requests");
    const attached = await env.DB.prepare(
      "SELECT submission_id, count(*) AS n FROM reference_images WHERE submission_id IS NOT NULL GROUP BY submission_id",
    ).all<{ submission_id: string; n: number }>();
    expect(statuses).toEqual([201, 400]);
    expect(saved).toBe(before + 1);
    // The saved request has every image it claimed, the refused one none.
    expect(attached.results).toHaveLength(1);
    expect([1, 2]).toContain(attached.results[0]?.n);
  });

  it("saves nothing when an image was claimed between the check and the save", async () => {
    // The check before the save passed for both; the save's own guard is what must refuse.
    const image = await uploaded(await picture(300, 300, "jpeg"), "a.jpg");
    expect((await consultationWith([claim(image)])).status).toBe(201);
    const before = await count("consultation_requests");
    const row = {
      id: crypto.randomUUID(),
      name: "Late Claimer",
      email: "late@example.com",
      status: "pending",
    };
    const now = new Date().toISOString();
    const result = await saveSubmission(env.DB, {
      kind: "consultation",
      row: {
        ...row,
        phone: "+13015550100",
        tattooIdea: "A second request for the same image",
        createdAt: now,
        updatedAt: now,
      },
      outboxId: crypto.randomUUID(),
      now,
      idempotency: null,
      quota: { key: `guard-${row.id}`, windowStart: 0, max: 10 },
      references: [{ id: image.id, tokenHash: await sha256Hex(image.token) }],
    });
    expect(result).toEqual({ saved: false, reason: "references_unavailable" });
    expect(await count("consultation_requests")).toBe(before);
    expect(await count(`mail_queue WHERE kind = 'notification' AND subject_id = '${row.id}'`)).toBe(0);
    expect(await count(`rate_limit_windows WHERE key = 'guard-${row.id}'`)).toBe(0);
  });

  it("still takes a request without images, as a form posted without JavaScript sends it", async () => {
    expect((await post("/api/consultations", validConsultation())).status).toBe(201);
  });
});

describe("who can read the images", () => {
  it("nobody without the artist's session, and nothing for unknown or unsent images", async () => {
    const image = await uploaded(await picture(300, 300, "jpeg"), "a.jpg");
    const cookie = (await signedInAdmin()).cookie;
    // Not yet part of a request: still the visitor's, even for the artist.
    expect(
      (await adminCall(`/api/admin/reference-images/${image.id}/full`, { headers: { Cookie: cookie } }))
        .status,
    ).toBe(404);
    expect((await consultationWith([claim(image)])).status).toBe(201);

    // An outsider, with or without the id and token, has no way in.
    expect((await adminCall(`/api/admin/reference-images/${image.id}/full`)).status).toBe(401);
    expect(
      (await adminCall(`/api/admin/reference-images/${image.id}/thumb?token=${image.token}`)).status,
    ).toBe(401);
    for (const path of [`/media/uploads/${image.id}/1200.webp`, `/api/reference-images/${image.id}`]) {
      const response = await send(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("Content-Type") ?? "", path).not.toContain("image/");
    }
    const unknown = await adminCall(`/api/admin/reference-images/${crypto.randomUUID()}/full`, {
      headers: { Cookie: cookie },
    });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe("There is no such reference image.");
    const badSize = await adminCall(`/api/admin/reference-images/${image.id}/original`, {
      headers: { Cookie: cookie },
    });
    expect(badSize.status).toBe(400);
  });
});

describe("deleting reference images", () => {
  it("sweeps uploads no request claimed after 24 hours, and keeps claimed ones", async () => {
    const lonely = await uploaded(await picture(300, 300, "jpeg"), "never-sent.jpg");
    const sent = await uploaded(await picture(300, 300, "jpeg"), "sent.jpg");
    expect((await consultationWith([claim(sent)])).status).toBe(201);

    expect(await sweepReferenceImages(env, new Date(Date.now() + 23 * 3_600_000))).toEqual({
      deletedImages: 0,
      orphanObjects: 0,
    });
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(await sweepReferenceImages(env, later)).toEqual({ deletedImages: 1, orphanObjects: 0 });
    expect(await objectKeys()).toEqual([
      `references/${sent.id}/full.webp`,
      `references/${sent.id}/thumb.webp`,
    ]);
    const rows = await env.DB.prepare("SELECT id FROM reference_images").all<{ id: string }>();
    expect(rows.results.map((row) => row.id)).toEqual([sent.id]);
    expect(lonely.id).not.toBe(sent.id);
  });

  it("deletes a request's images with the request when retention removes it", async () => {
    const images = await uploadedPictures([300, 300, "jpeg"], [300, 300, "jpeg"]);
    const response = await consultationWith(images.map(claim));
    const { id } = (await response.json()) as { id: string };
    const old = new Date(Date.now() - 4 * 365 * 86_400_000).toISOString();
    await env.DB.prepare("UPDATE consultation_requests SET created_at = ? WHERE id = ?").bind(old, id).run();

    const now = new Date();
    await enforceRetention(env.DB, now);
    expect(await count(`consultation_requests WHERE id = '${id}'`)).toBe(0);
    expect(await sweepReferenceImages(env, now)).toEqual({ deletedImages: 2, orphanObjects: 0 });
    expect(await objectKeys()).toEqual([]);
    expect(await count("reference_images")).toBe(0);
  });

  it("deletes objects an upload left without a row, once they are a day old", async () => {
    await env.PHOTOS.put(`references/${crypto.randomUUID()}/full.webp`, new Uint8Array([1, 2, 3]));
    expect(await sweepReferenceImages(env, new Date())).toEqual({ deletedImages: 0, orphanObjects: 0 });
    expect(await sweepReferenceImages(env, new Date(Date.now() + 25 * 3_600_000))).toEqual({
      deletedImages: 0,
      orphanObjects: 1,
    });
    expect(await objectKeys()).toEqual([]);
  });
});
