import { createContext, useContext } from "react";
import type { Path } from "./paths";

/** What every field of a section's editor reads and writes: the section's draft and its errors. */
export interface SectionState {
  section: string;
  data: unknown;
  set: (path: Path, value: unknown) => void;
  /** Changes the whole draft from its latest state (for changes that arrive late, like uploads). */
  update: (change: (data: unknown) => unknown) => void;
  errors: Record<string, string>;
}

export const SectionContext = createContext<SectionState | null>(null);

export function useSection(): SectionState {
  const state = useContext(SectionContext);
  if (!state) throw new Error("A studio field is used outside a section editor");
  return state;
}
