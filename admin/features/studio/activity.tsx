import { useRef } from "react";
import { Alert } from "../../components/alert";
import { formatDateTime } from "../../lib/format";
import { listActivity } from "./api";
import { sectionTitles } from "./sections";
import { ShowOlder, usePages } from "./show-older";

type Entry = Awaited<ReturnType<typeof listActivity>>["items"][number];

/** One line of the trail in the artist's words: what was done to which section, version or photo. */
function describeEntry(entry: Entry): string {
  switch (entry.action) {
    case "save":
      return `${sectionTitles[entry.section as keyof typeof sectionTitles] ?? entry.section} saved as a draft`;
    case "publish":
      return `Version ${entry.version} published`;
    case "restore":
      return `Version ${entry.restoredFrom} restored, live as version ${entry.version}`;
    case "upload":
      return entry.photoName
        ? `Photo uploaded: ${entry.photoName}`
        : "Photo uploaded, since cleared away because nothing used it";
    default:
      return entry.action;
  }
}

/**
 * Who changed the site and when: every save, publish, restore and photo upload, newest first,
 * twenty at a time. It reloads whenever `changes` moves on (a save, a publish, a restore).
 */
export function Activity({ changes }: { changes: number }) {
  const { items: entries, failure, more, loading, older: loadOlder } = usePages(listActivity, changes);
  const list = useRef<HTMLOListElement>(null);

  async function older() {
    const shown = await loadOlder();
    // The keyboard carries on at the first entry it had not seen.
    if (shown !== null)
      requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>("li")[shown]?.focus());
  }

  return (
    <section className="studio-history" aria-labelledby="studio-activity-title">
      <h2 id="studio-activity-title">Activity</h2>
      <p className="admin-muted">Every save, publish, restore and photo upload, newest first.</p>
      <Alert>{failure}</Alert>
      {entries === null && !failure ? <p className="admin-muted">Loading…</p> : null}
      {entries?.length === 0 ? <p className="admin-muted">Nothing has been changed yet.</p> : null}
      <ol className="studio-versions" ref={list}>
        {entries?.map((entry) => (
          <li key={entry.id} className="studio-version studio-activity" tabIndex={-1}>
            <span>{describeEntry(entry)}</span>
            <span className="admin-muted">
              {formatDateTime(entry.createdAt)} · {entry.adminEmail}
            </span>
          </li>
        ))}
      </ol>
      <ShowOlder more={more} loading={loading} onClick={older} label="Show older activity" />
    </section>
  );
}
