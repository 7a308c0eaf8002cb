import { drizzle } from "drizzle-orm/d1";
import { deleteOrphanObjects } from "../../platform/orphan-objects";
import { deletePhotoRow, existingPhotoKeys, unusedPhotosBefore } from "./queries";
import { allObjects } from "./sizes";

/** An upload the artist has not used within a day is taken as abandoned. */
const graceMs = 24 * 60 * 60 * 1000;
/** Bounded like retention: a backlog is worked off over the next runs, five minutes apart. */
const photosPerRun = 50;

/**
 * Deletes the uploads nobody uses: photos older than a day that no draft and no published
 * version mentions (every version, so a restore always finds its photos), and objects older
 * than a day without a photo row (an upload cut off between storing and recording it).
 */
export async function sweepPhotos(env: Pick<Env, "DB" | "PHOTOS">, now: Date) {
  const before = new Date(now.getTime() - graceMs);
  const db = drizzle(env.DB);
  const unused = await unusedPhotosBefore(db, before.toISOString(), photosPerRun);
  for (const { key } of unused) {
    // Objects first: a row without objects would be a broken photo; objects without a row are
    // found again by the second pass below.
    await env.PHOTOS.delete(allObjects(key));
    await deletePhotoRow(db, key);
  }
  const orphanObjects = await deleteOrphanObjects(env.PHOTOS, {
    prefix: "uploads/",
    before,
    // "uploads/<id>/<size>": the photo's key is the first two parts.
    ownerOf: (objectKey) => objectKey.split("/").slice(0, 2).join("/"),
    recordedOwners: (keys) => existingPhotoKeys(db, keys),
  });
  return { unusedPhotos: unused.length, orphanObjects };
}
