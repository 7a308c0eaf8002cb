import type { ComponentType, ReactNode } from "react";

/**
 * One screen of the admin: the eyebrow says where it sits, its one heading names the section
 * (and labels it for a screen reader's landmarks), and what it holds follows.
 */
export function AdminPage({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <p className="admin-eyebrow">{eyebrow}</p>
      <h1 id="admin-title">{title}</h1>
      {children}
    </section>
  );
}

/** A screen that is only panels, each in its own card, in the order given. */
export function PanelsPage({
  eyebrow,
  title,
  panels,
}: {
  eyebrow: string;
  title: string;
  panels: ComponentType[];
}) {
  return (
    <AdminPage eyebrow={eyebrow} title={title}>
      {panels.map((Panel, index) => (
        // A page's panels are fixed and never reordered: each one's place is its key.
        <div key={index} className="admin-panel">
          <Panel />
        </div>
      ))}
    </AdminPage>
  );
}
