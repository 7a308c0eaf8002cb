import type { ContentSectionName } from "../../../shared/schemas/content";
import { api, client } from "../../lib/api";

const content = client.api.admin.content;

export interface SectionDraft {
  data: unknown;
  updatedAt: string;
  updatedBy: string | null;
  /** The server's count of saves of this section: a save names the one it started from. */
  revision: number;
}

export interface Drafts {
  version: number;
  publishedAt: string | null;
  sections: Partial<Record<ContentSectionName, SectionDraft>>;
  unpublished: string[];
}

export async function loadDrafts(): Promise<Drafts> {
  return (await api(content.$get())) as Drafts;
}

/**
 * Saves one section as a draft. The revision it was loaded at goes with it, so a save from a tab
 * that missed another tab's save is refused (409) instead of overwriting it.
 */
export async function saveSection(section: ContentSectionName, data: unknown, revision: number) {
  return (await api(content.sections[":section"].$put({ param: { section }, json: { data, revision } }))) as {
    updatedAt: string;
    revision: number;
  };
}

export const publish = (baseVersion: number, note?: string) =>
  api(content.publish.$post({ json: { baseVersion, ...(note ? { note } : {}) } }));

/** One page of the content's trail, newest first; `before` is the last page's `nextBefore`. */
export const listActivity = (before?: number) =>
  api(content.audit.$get({ query: { limit: "20", ...(before ? { before: String(before) } : {}) } }));

/**
 * One page of the history, newest first; `before` is the last page's `nextBefore`. Ten at a time:
 * the worker compares each version with the one before it to say what changed.
 */
export const listVersions = (before?: number) =>
  api(content.versions.$get({ query: { limit: "10", ...(before ? { before: String(before) } : {}) } }));

export const restoreVersion = (version: number, baseVersion: number) =>
  api(
    content.versions[":version"].restore.$post({
      param: { version: String(version) },
      json: { baseVersion, note: `Restored version ${version}` },
    }),
  );

/** Who waits for the books to open (and how many), or null when the server cannot say. */
export async function loadWaitlist() {
  try {
    return await api(client.api.admin.waitlist.$get());
  } catch {
    return null;
  }
}
