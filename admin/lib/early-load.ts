/**
 * Answers a screen will ask for, asked before its code has arrived. Opening the admin cold on a
 * screen goes page, admin script, then the screen's code and only then its data; started at boot
 * instead, the data comes back while the code is still on its way. Each answer is taken once:
 * later loads of the screen ask again.
 */
const started = new Map<string, Promise<unknown>>();

export function startEarly<T>(key: string, load: () => Promise<T>): void {
  if (started.has(key)) return;
  const answer = load();
  // Nobody may come for it (the session had ended): an unclaimed failure is not an error.
  answer.catch(() => {});
  started.set(key, answer);
}

/** The early answer for `key` if there is one, else `load()`. */
export function takeEarly<T>(key: string, load: () => Promise<T>): Promise<T> {
  const answer = started.get(key) as Promise<T> | undefined;
  started.delete(key);
  return answer ?? load();
}
