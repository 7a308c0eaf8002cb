import { useState } from "react";

/**
 * A note the artist is typing is kept in this tab's session storage, one entry per item, until it
 * is saved: a reload or a session that ends mid-sentence (signing in again happens in the same
 * tab) must not lose it. Session storage rather than local storage, so a draft never outlives the
 * tab, and signing out removes every draft.
 */
const prefix = "gn-admin:note-draft:";

function read(id: string): string | null {
  try {
    return sessionStorage.getItem(prefix + id);
  } catch {
    return null;
  }
}

function write(id: string, text: string | null) {
  try {
    if (text === null) sessionStorage.removeItem(prefix + id);
    else sessionStorage.setItem(prefix + id, text);
  } catch {
    // Storage full or refused: the draft still lives in the text box.
  }
}

/** Removes every unsaved note of this tab; signing out calls it. */
export function clearNoteDrafts() {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(prefix)) sessionStorage.removeItem(key);
  } catch {}
}

/** The note in the text box of one item: its draft if one is kept, else the saved note. */
export function useNoteDraft(id: string, saved: string) {
  const [text, setText] = useState(() => read(id) ?? saved);
  const [restored] = useState(() => {
    const kept = read(id);
    return kept !== null && kept !== saved;
  });
  return {
    text,
    /** True while the box holds a draft that differs from the saved note. */
    unsaved: text !== saved,
    restored,
    edit(next: string) {
      setText(next);
      write(id, next === saved ? null : next);
    },
    /** The draft became the saved note (or was abandoned): nothing is kept any more. */
    settle(next: string) {
      setText(next);
      write(id, null);
    },
  };
}
