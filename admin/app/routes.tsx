import { type ComponentType, lazy, Suspense } from "react";
import { type RouteObject, useRoutes } from "react-router";
import { AdminLayout } from "../components/admin-layout";
import { LoginPage } from "../pages/login";
import { FullScreenLoader, RequireAdmin } from "./auth";

/**
 * Each screen's code loads when it is first opened: the sign-in page and the shell come with the
 * first load, and a phone signing in to read Today fetches Today alone, not the inbox, the
 * charts or the Studio's editor. The router is the library's declarative one (routes as elements,
 * screens through React.lazy): its data router (loaders, actions, lazy route modules), which
 * nothing here uses, doubled its weight in the first load. A move between screens is a React
 * transition, so the screen being left stays until the next one's code is in.
 */
const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => {
  const Screen = lazy(() => load().then((module) => ({ default: pick(module) })));
  return (
    <Suspense fallback={<FullScreenLoader label="Opening…" />}>
      <Screen />
    </Suspense>
  );
};

/** Admin routes: /admin and /admin/login sign in; every other screen needs a session. */
const routes: RouteObject[] = [
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
            element: screen(
              () => import("../pages/today"),
              (m) => m.TodayPage,
            ),
          },
          {
            path: "consultations",
            element: screen(
              () => import("../pages/consultations"),
              (m) => m.ConsultationsPage,
            ),
          },
          {
            path: "schedule",
            element: screen(
              () => import("../pages/schedule"),
              (m) => m.SchedulePage,
            ),
          },
          {
            path: "more",
            element: screen(
              () => import("../pages/more"),
              (m) => m.MorePage,
            ),
          },
          {
            path: "dashboard",
            element: screen(
              () => import("../pages/dashboard"),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: "notifications",
            element: screen(
              () => import("../pages/notifications"),
              (m) => m.NotificationsPage,
            ),
          },
          {
            path: "security",
            element: screen(
              () => import("../pages/security"),
              (m) => m.SecurityPage,
            ),
          },
          {
            path: "studio/:section?",
            element: screen(
              () => import("../pages/studio"),
              (m) => m.StudioPage,
            ),
          },
          {
            path: "test",
            element: screen(
              () => import("../pages/system-test"),
              (m) => m.SystemTestPage,
            ),
          },
          {
            path: "*",
            element: screen(
              () => import("../pages/not-found"),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];

/** The screen the address names. */
export function AdminRoutes() {
  return useRoutes(routes);
}
