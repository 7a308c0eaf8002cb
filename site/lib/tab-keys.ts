/**
 * Where a key moves focus in a row of tabs (the ARIA tabs pattern): arrows step and wrap
 * around, Home and End go to the ends. Null for any other key, which the tabs leave alone.
 */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  const last = count - 1;
  if (key === "ArrowRight") return current === last ? 0 : current + 1;
  if (key === "ArrowLeft") return current === 0 ? last : current - 1;
  if (key === "Home") return 0;
  if (key === "End") return last;
  return null;
}
