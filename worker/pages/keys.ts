/**
 * Where a rendered page is kept. Every key carries the build and the content version, so a key
 * is written once and never changes: a slow KV propagation or an old cache entry can cost an
 * extra render, never an old page. The build is in the key because a deploy changes the
 * markup (hashed script names) while the content version stays the same.
 */

/** The path the not-found page is rendered and kept under, whatever unknown path asked for it. */
export const notFoundPath = "/404";

/** Cache API key of one page of one content version (the cache is per location). */
export function pageCacheKey(origin: string, build: string, version: number, path: string): Request {
  return new Request(`${origin}/__pages/${build}/${version}${path}`);
}

/** Cache API key of this location's pointer to the live content version. */
export function pointerCacheKey(origin: string): Request {
  return new Request(`${origin}/__pages/pointer`);
}

/** KV key of one page of one content version (the copy a cold location reads before rendering). */
export function pageKvKey(build: string, version: number, path: string): string {
  return `page:${build}:${version}:${path}`;
}

/** KV key of the last page rendered successfully at a path, any version: the stale copy. */
export function lastPageKvKey(path: string): string {
  return `page:last:${path}`;
}

/** The validator browsers send back: the same for every location that serves that page. */
export function pageEtag(build: string, version: number, path: string): string {
  return `"${build}-${version}${path}"`;
}
