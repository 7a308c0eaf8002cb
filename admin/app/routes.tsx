import { type ComponentType, lazy } from "react";
import { useRoutes } from "react-router";
import { adminRouteTree, ScreenFrame } from "./route-tree";

/**
 * Each screen's code loads when it is first opened: the sign-in page and the shell come with the
 * first load, and a phone signing in to read Today fetches Today alone, not the inbox, the
 * charts or the Studio's editor. The router is the library's declarative one (routes as elements,
 * screens through React.lazy): its data router (loaders, actions, lazy route modules), which
 * nothing here uses, doubled its weight in the first load. A move between screens is a React
 * transition, so the screen being left stays until the next one's code is in.
 */
const screen = (load: () => Promise<ComponentType>) => {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  return (
    <ScreenFrame>
      <Screen />
    </ScreenFrame>
  );
};

/**
 * The screens behind the session, by path. Each import names its module literally so the bundler
 * splits that screen into a chunk of its own; the unknown path is last, where it catches the rest.
 */
const screens: [path: string, load: () => Promise<ComponentType>][] = [
  ["today", () => import("../pages/today").then((m) => m.TodayPage)],
  ["consultations", () => import("../pages/consultations").then((m) => m.ConsultationsPage)],
  ["schedule", () => import("../pages/schedule").then((m) => m.SchedulePage)],
  ["more", () => import("../pages/more").then((m) => m.MorePage)],
  ["dashboard", () => import("../pages/dashboard").then((m) => m.DashboardPage)],
  ["notifications", () => import("../pages/notifications").then((m) => m.NotificationsPage)],
  ["security", () => import("../pages/security").then((m) => m.SecurityPage)],
  ["studio/:section?", () => import("../pages/studio").then((m) => m.StudioPage)],
  ["test", () => import("../pages/system-test").then((m) => m.SystemTestPage)],
  ["*", () => import("../pages/not-found").then((m) => m.NotFoundPage)],
];

const routes = adminRouteTree(screens.map(([path, load]) => [path, screen(load)]));

/** The screen the address names. */
export function AdminRoutes() {
  return useRoutes(routes);
}
