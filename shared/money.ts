/** Money as the studio shows it: whole US dollars with thousands separators ("$100", "$1,200"). */
const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** An amount of whole cents as shown: cents appear only when there are some. */
export function formatUsd(cents: number): string {
  return cents % 100 === 0 ? dollars.format(cents / 100) : withCents.format(cents / 100);
}

/** A quoted price: one amount when fixed, "from - to" when a range. */
export function formatPriceRange(minCents: number, maxCents: number): string {
  return minCents === maxCents ? formatUsd(minCents) : `${formatUsd(minCents)}–${formatUsd(maxCents)}`;
}

/** A session's length in words: "3 hours", "2 hours 30 minutes", "45 minutes". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (!hours) return part(rest, "minute");
  return rest ? `${part(hours, "hour")} ${part(rest, "minute")}` : part(hours, "hour");
}
