/**
 * Where a rendered page is kept. Every key carries the build and the content version, so a key
 * is written once and never changes: a slow KV propagation or an old cache entry can cost an
 * extra render, never an old page. The build is in the key because a deploy changes the
 * markup (hashed script names) while the content version stays the same. A version is written
 * "12" or, for its pages with the announcement shown (between the announcement's dates), "12n":
 * the same version's pages change on those days without a publish.
 */

/** One content version's pages as a day shows them: with the announcement, or without it. */
export interface PageVersion {
  version: number;
  /** The announcement is shown (the version has one, and today is within its dates). */
  notice: boolean;
}

const versionKey = ({ version, notice }: PageVersion) => (notice ? `${version}n` : `${version}`);

/** The path the not-found page is rendered and kept under, whatever unknown path asked for it. */
export const notFoundPath = "/404";

/** Cache API key of one page of one content version (the cache is per location). */
export function pageCacheKey(origin: string, build: string, version: PageVersion, path: string): Request {
  return new Request(`${origin}/__pages/${build}/${versionKey(version)}${path}`);
}

/** KV key of one page of one content version (the copy a cold location reads before rendering). */
export function pageKvKey(build: string, version: PageVersion, path: string): string {
  return `page:${build}:${versionKey(version)}:${path}`;
}

/** KV key of the last page rendered successfully at a path, any version: the stale copy. */
export function lastPageKvKey(path: string): string {
  return `page:last:${path}`;
}

/** The validator browsers send back: the same for every location that serves that page. */
export function pageEtag(build: string, version: PageVersion, path: string): string {
  return `"${build}-${versionKey(version)}${path}"`;
}
