import { useFacts } from "../../content/content-context";

/**
 * The studio's announcement, under the header of every page, when the live content has one and
 * today is within its dates (the worker decides that, and keeps a copy of each page for either
 * case). Plain server markup: it needs no script, and a screen reader finds it as a labelled
 * region right after the navigation.
 */
export function AnnouncementBar() {
  const { announcement } = useFacts();
  if (!announcement) return null;
  return (
    <aside className="announcement" aria-label="Announcement">
      <p className="announcement__text">
        {announcement.text}
        {announcement.link ? (
          <>
            {" "}
            <a className="announcement__link" href={announcement.link.href}>
              {announcement.link.label}
            </a>
          </>
        ) : null}
      </p>
    </aside>
  );
}
