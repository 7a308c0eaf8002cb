/**
 * Runs `task` for every item, at most `limit` at once, in order of the items. Checks that visit
 * every public route are mostly waiting on the network (round trips, the idle window), so a few
 * routes at a time finish in a fraction of the time one after another takes.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, lane: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async (_, lane) => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item, lane);
    }
  });
  await Promise.all(lanes);
}
