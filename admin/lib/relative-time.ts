import { dateFormat, studioTimeZone } from "../../shared/clock-words";

/**
 * "just now", "2 min ago", "3 h ago", "yesterday", then the date on the studio's clock (as every
 * date she reads, and the same whether the worker or her phone, set to any zone, writes it).
 */
export function timeAgo(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (!Number.isFinite(minutes)) return "";
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  if (hours < 48) return "yesterday";
  return dateFormat({ timeZone: studioTimeZone, month: "short", day: "numeric", year: "numeric" }).format(
    new Date(iso),
  );
}
