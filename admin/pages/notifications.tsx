import { NotificationsPanel } from "../features/notifications";

export function NotificationsPage() {
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <p className="admin-eyebrow">More</p>
      <h1 id="admin-title">Notifications</h1>
      <div className="admin-panel">
        <NotificationsPanel />
      </div>
    </section>
  );
}
