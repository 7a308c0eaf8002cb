/**
 * Where a key moves focus in a row of tabs (the ARIA tabs pattern): arrows step and wrap
 * around, Home and End go to the ends. Null for any other key, which the tabs leave alone.
 */
function tabIndexForKey(key: string, current: number, count: number): number | null {
  const last = count - 1;
  if (key === "ArrowRight") return current === last ? 0 : current + 1;
  if (key === "ArrowLeft") return current === 0 ? last : current - 1;
  if (key === "Home") return 0;
  if (key === "End") return last;
  return null;
}

/**
 * The tab list's keydown handler: a key that moves (above) is the tabs' own, so the page does
 * not scroll, and `move` gets the index of the tab it lands on.
 */
export function tabKeyHandler(current: number, count: number, move: (index: number) => void) {
  return (event: { key: string; preventDefault: () => void }) => {
    const next = tabIndexForKey(event.key, current, count);
    if (next === null) return;
    event.preventDefault();
    move(next);
  };
}
