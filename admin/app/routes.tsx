import type { RouteObject } from "react-router";
import { AdminLayout } from "../components/admin-layout";
import { LoginPage } from "../pages/login";
import { RequireAdmin } from "./auth";

/**
 * Each screen's code loads when it is first opened: the sign-in page and the shell come with the
 * first load, and a phone signing in to read Today fetches Today alone, not the inbox, the
 * charts or the Studio's editor.
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) =>
  () =>
    load().then((module) => ({ Component: pick(module) }));

/** Admin routes: /admin and /admin/login sign in; every other screen needs a session. */
export const routes: RouteObject[] = [
  {
    path: "/admin",
    element: <AdminLayout />,
    children: [
      { index: true, element: <LoginPage /> },
      { path: "login", element: <LoginPage /> },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: "today",
            lazy: screen(
              () => import("../pages/today"),
              (m) => m.TodayPage,
            ),
          },
          {
            path: "consultations",
            lazy: screen(
              () => import("../pages/consultations"),
              (m) => m.ConsultationsPage,
            ),
          },
          {
            path: "schedule",
            lazy: screen(
              () => import("../pages/schedule"),
              (m) => m.SchedulePage,
            ),
          },
          {
            path: "more",
            lazy: screen(
              () => import("../pages/more"),
              (m) => m.MorePage,
            ),
          },
          {
            path: "dashboard",
            lazy: screen(
              () => import("../pages/dashboard"),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: "notifications",
            lazy: screen(
              () => import("../pages/notifications"),
              (m) => m.NotificationsPage,
            ),
          },
          {
            path: "security",
            lazy: screen(
              () => import("../pages/security"),
              (m) => m.SecurityPage,
            ),
          },
          {
            path: "studio/:section?",
            lazy: screen(
              () => import("../pages/studio"),
              (m) => m.StudioPage,
            ),
          },
          {
            path: "test",
            lazy: screen(
              () => import("../pages/system-test"),
              (m) => m.SystemTestPage,
            ),
          },
          {
            path: "*",
            lazy: screen(
              () => import("../pages/not-found"),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];
