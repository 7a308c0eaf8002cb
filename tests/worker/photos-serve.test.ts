import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { latestPublishedContent } from "../../worker/features/content/service";
import { sweepPhotos } from "../../worker/features/photos/sweep";
import worker from "../../worker/index";
import { adminCall, send } from "./admin-support";
import { countingDb, saveSection } from "./content-support";
import { photoStudio, picture, storedObjects, type UploadAnswer, upload } from "./photos-support";

const cookieOf = photoStudio();

/**
 * A photo uploaded as the artist would. Small unless asked (encoding its sizes is most of an
 * upload's time, and serving does not depend on them); `large` makes the 800 px size its own.
 */
async function uploaded(name = "piece.jpg", large = false) {
  const response = await upload(
    cookieOf(),
    await picture(large ? 1000 : 320, large ? 750 : 240, "jpeg"),
    name,
  );
  expect(response.status).toBe(201);
  return (await response.json()) as UploadAnswer;
}

/** Puts the photo on the first portfolio piece (hidden or not) as a draft, then publishes. */
async function publishOnFirstPiece(image: UploadAnswer["image"], options: { hidden?: boolean } = {}) {
  const live = await latestPublishedContent(env.DB);
  if (!live) throw new Error("nothing published");
  const [first, ...rest] = live.content.portfolio;
  if (!first) throw new Error("no portfolio");
  const saved = await saveSection(cookieOf(), "portfolio", [
    { ...first, image, hidden: options.hidden ?? false },
    ...rest,
  ]);
  expect(saved.status).toBe(200);
  const published = await send("POST", "/api/admin/content/publish", cookieOf(), {
    baseVersion: live.version,
  });
  expect(published.status).toBe(201);
}

const visit = (path: string) => adminCall(path);

describe("who can see an uploaded photo", () => {
  it("serves a published photo under /media for a year, with the site's security headers", async () => {
    const { image } = await uploaded("piece.jpg", true);
    await publishOnFirstPiece(image);
    const response = await visit(`/media/${image.key}/800.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const info = await env.IMAGES.info(new Blob([bytes]).stream());
    expect(info).toMatchObject({ width: 800, height: 600 });
    expect((await visit(`/media/${image.key}/400.avif`)).status).toBe(200);
  });

  it("keeps a photo nobody published private, and the original and unknown sizes unreachable", async () => {
    const published = await uploaded("shown.jpg");
    const draftOnly = await uploaded("not-yet.jpg");
    await publishOnFirstPiece(published.image);
    for (const path of [
      `/media/${draftOnly.image.key}/800.webp`,
      `/media/${published.image.key}/original`,
      `/media/${published.image.key}/801.webp`,
      `/media/${published.image.key}/800.jpg`,
      `/media/uploads/${crypto.randomUUID()}/800.webp`,
      `/media/uploads/not-a-key/800.webp`,
    ]) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Cache-Control"), path).not.toContain("immutable");
    }
    // The artist still sees it in the editor.
    const preview = await adminCall(`/api/admin/photos/${draftOnly.image.key}/800.webp`, {
      headers: { Cookie: cookieOf() },
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Cache-Control")).toContain("private");
  });

  it("reads no database row for a photo while the location's version is fresh", async () => {
    const { image } = await uploaded();
    await publishOnFirstPiece(image);
    // The first photo of a new version reads that version once; the rest of the page's read none.
    expect((await visit(`/media/${image.key}/800.webp`)).status).toBe(200);
    const { db, counter } = countingDb(env.DB);
    const response = await adminCall(`/media/${image.key}/400.webp`, {}, { DB: db });
    expect(response.status).toBe(200);
    expect(counter.queries).toBe(0);
  });

  it("stops serving a photo once its piece is hidden", async () => {
    const { image } = await uploaded();
    await publishOnFirstPiece(image);
    expect((await visit(`/media/${image.key}/800.webp`)).status).toBe(200);
    await publishOnFirstPiece(image, { hidden: true });
    expect((await visit(`/media/${image.key}/800.webp`)).status).toBe(404);
  });
});

describe("no upload is left behind", () => {
  /** The bucket, failing its `failAt`-th write (counting from 1). */
  const failingBucket = (failAt: number) => {
    let writes = 0;
    return new Proxy(env.PHOTOS, {
      get(target, property) {
        if (property === "put") {
          return (...args: Parameters<R2Bucket["put"]>) => {
            writes++;
            if (writes === failAt) throw new Error("R2 write failed");
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };

  // Four uploads of a full photo, each resized in the worker: a loaded 2-core machine needs time.
  it("deletes every object already written when a later write or the record fails", async () => {
    // Each failure is logged as an error for the studio's logs; here it is expected.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const jpeg = await picture(320, 240, "jpeg");
    for (const failAt of [1, 7]) {
      const response = await upload(cookieOf(), jpeg, "a.jpg", {
        overrides: { PHOTOS: failingBucket(failAt) },
      });
      expect(response.status).toBe(500);
      expect(await storedObjects()).toEqual([]);
    }
    // The database refuses the row after all seven objects were stored: D1's own error, so the
    // artist is told the database could not take it and nothing was saved (503).
    await env.DB.prepare(
      "CREATE TRIGGER refuse_photos BEFORE INSERT ON photos BEGIN SELECT RAISE(ABORT, 'no'); END",
    ).run();
    try {
      expect((await upload(cookieOf(), jpeg, "a.jpg")).status).toBe(503);
      expect(await storedObjects()).toEqual([]);
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_photos").run();
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM photos").first("n")).toBe(0);
    expect(errors).toHaveBeenCalledTimes(3);
  }, 90_000);

  it("sweeps photos unused for a day, keeping those a draft or any version uses", async () => {
    const inOldVersion = await uploaded("old-version.jpg");
    await publishOnFirstPiece(inOldVersion.image);
    const live = await uploaded("live.jpg");
    await publishOnFirstPiece(live.image);
    const unused = await uploaded("never-used.jpg");
    // An object whose upload stopped before its row was written.
    await env.PHOTOS.put(`uploads/${crypto.randomUUID()}/original`, "half an upload");

    // Within the day nothing goes: the artist may still be editing.
    expect(await sweepPhotos(env, new Date())).toEqual({ unusedPhotos: 0, orphanObjects: 0 });
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await sweepPhotos(env, tomorrow)).toEqual({ unusedPhotos: 1, orphanObjects: 1 });

    const keys = new Set(
      (await storedObjects()).map((object) => object.key.split("/").slice(0, 2).join("/")),
    );
    expect([...keys].sort()).toEqual([inOldVersion.image.key, live.image.key].sort());
    const rows = await env.DB.prepare("SELECT key FROM photos ORDER BY key").all<{ key: string }>();
    expect(rows.results.map((row) => row.key)).not.toContain(unused.image.key);
    expect(rows.results).toHaveLength(2);
    // Restoring the older version brings its photo back to the public path.
    const version = (await latestPublishedContent(env.DB))?.version ?? 0;
    const restore = await send("POST", `/api/admin/content/versions/${version - 1}/restore`, cookieOf(), {
      baseVersion: version,
    });
    expect(restore.status).toBe(201);
    expect((await visit(`/media/${inOldVersion.image.key}/800.webp`)).status).toBe(200);
  });

  it("runs the sweep in the cron, with the other scheduled work", async () => {
    const unused = await uploaded("forgotten.jpg");
    const tomorrow = Date.now() + 25 * 60 * 60 * 1000;
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: tomorrow, cron: "*/5 * * * *" }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await storedObjects()).toEqual([]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM photos WHERE key = ?")
        .bind(unused.image.key)
        .first("n"),
    ).toBe(0);
  });

  it("refuses uploads past a hundred an hour, so a script cannot fill the bucket", async () => {
    const now = new Date().toISOString();
    const insert = env.DB.prepare(
      "INSERT INTO photos (key, name, type, bytes, width, height, placeholder, created_at, created_by) VALUES (?, 'x.jpg', 'image/jpeg', 1, 1, 1, '', ?, 'a@b')",
    );
    await env.DB.batch(Array.from({ length: 100 }, () => insert.bind(`uploads/${crypto.randomUUID()}`, now)));
    const response = await upload(cookieOf(), await picture(64, 48, "jpeg"), "one-more.jpg");
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("3600");
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      '"one-more.jpg"',
    );
    expect(await storedObjects()).toEqual([]);
  });
});
