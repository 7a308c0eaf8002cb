/**
 * Everything the site keeps in the browser goes through here. Storage can be missing or refuse
 * writes (private modes, full quota, prerendering): every access is wrapped and fails quietly.
 */

/**
 * Every key starts with this prefix, so "delete my data" on the privacy page can find and remove
 * all of them: consent, session data, logs, experiments and form drafts alike.
 */
export const storagePrefix = "gn:";

type Area = "local" | "session";

function area(kind: Area): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(kind: Area, key: string): T | null {
  try {
    const raw = area(kind)?.getItem(storagePrefix + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Returns false when the browser refused the write. */
export function writeJson(kind: Area, key: string, value: unknown): boolean {
  const store = area(kind);
  if (!store) return false;
  try {
    store.setItem(storagePrefix + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeKey(kind: Area, key: string): void {
  try {
    area(kind)?.removeItem(storagePrefix + key);
  } catch {}
}

/** Every prefixed key and its parsed value, from both storage areas. */
export function allStoredData(): Record<"localStorage" | "sessionStorage", Record<string, unknown>> {
  const dump = { localStorage: {}, sessionStorage: {} } as Record<
    "localStorage" | "sessionStorage",
    Record<string, unknown>
  >;
  for (const [name, kind] of [
    ["localStorage", "local"],
    ["sessionStorage", "session"],
  ] as const) {
    const store = area(kind);
    if (!store) continue;
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (!key?.startsWith(storagePrefix)) continue;
      const raw = store.getItem(key);
      try {
        dump[name][key] = raw === null ? null : JSON.parse(raw);
      } catch {
        dump[name][key] = raw;
      }
    }
  }
  return dump;
}

/** Removes every prefixed key from both storage areas. */
export function removeAllStoredData(): void {
  for (const kind of ["local", "session"] as const) {
    const store = area(kind);
    if (!store) continue;
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(storagePrefix)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  }
}
