import { useEffect, useRef, useState } from "react";
import { Alert } from "../../components/alert";
import { formatDateTime } from "../../lib/format";
import { listActivity } from "./api";
import { sectionTitles } from "./sections";
import { ShowOlder } from "./show-older";

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
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [failure, setFailure] = useState("");
  const [loading, setLoading] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let current = true;
    setFailure("");
    void listActivity()
      .then((page) => {
        if (!current) return;
        setEntries(page.items);
        setNext(page.nextBefore);
      })
      .catch((error: Error) => current && setFailure(error.message));
    return () => {
      current = false;
    };
  }, [changes]);

  async function older() {
    if (next === null) return;
    setLoading(true);
    try {
      const shown = entries?.length ?? 0;
      const page = await listActivity(next);
      setEntries((all) => [...(all ?? []), ...page.items]);
      setNext(page.nextBefore);
      // The keyboard carries on at the first entry it had not seen.
      requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>("li")[shown]?.focus());
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "The activity did not load.");
    } finally {
      setLoading(false);
    }
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
      <ShowOlder more={next !== null} loading={loading} onClick={older} label="Show older activity" />
    </section>
  );
}
