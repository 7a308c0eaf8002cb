import { createContext } from "react";
import { type AdminUser, DRAWN_TODAY_ID } from "../../../shared/admin-session";
import type { Today } from "./api";

/** What the worker drew Today from: the screen starts from it instead of "Loading…". */
export interface DrawnToday {
  user: AdminUser;
  today: Today;
}

/**
 * The drawn Today while the screen takes it over. The screen lets it go once it has (release),
 * so that Today opened again later starts from its own load, and its date from the clock; let go
 * any sooner, the change would reach the screen before it had taken the drawing over, and React
 * would draw it again instead.
 */
export const DrawnTodayContext = createContext<{ today: Today; release(): void } | null>(null);

/** The Today the worker drew this page from, if it drew one. */
export function readDrawnToday(): DrawnToday | null {
  const text = document.getElementById(DRAWN_TODAY_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DrawnToday;
  } catch {
    return null;
  }
}
