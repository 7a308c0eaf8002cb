import { PanelsPage } from "../components/admin-page";
import { NotificationsPanel } from "../features/notifications";

export function NotificationsPage() {
  return <PanelsPage eyebrow="More" title="Notifications" panels={[NotificationsPanel]} />;
}
