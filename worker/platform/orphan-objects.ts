/**
 * Deletes the objects under `prefix` older than `before` whose owner (the photo or image they are
 * copies of, read from the object's key) has no row: an upload cut off between storing its
 * objects and recording them. Objects newer than `before` may belong to an upload still under
 * way. One listing page a run, like the rest of the sweeps; returns how many objects went.
 */
export async function deleteOrphanObjects(
  bucket: R2Bucket,
  options: {
    prefix: string;
    before: Date;
    ownerOf: (objectKey: string) => string;
    recordedOwners: (owners: string[]) => Promise<Set<string>>;
  },
): Promise<number> {
  const listing = await bucket.list({ prefix: options.prefix, limit: 500 });
  const stale = new Map<string, string[]>();
  for (const object of listing.objects) {
    if (object.uploaded > options.before) continue;
    const owner = options.ownerOf(object.key);
    stale.set(owner, [...(stale.get(owner) ?? []), object.key]);
  }
  const recorded = await options.recordedOwners([...stale.keys()]);
  let orphanObjects = 0;
  for (const [owner, objects] of stale) {
    if (recorded.has(owner)) continue;
    await bucket.delete(objects);
    orphanObjects += objects.length;
  }
  return orphanObjects;
}
