import type { RouteObject } from "react-router";
import { AdminLayout } from "../components/admin-layout";
import { ConsultationsPage } from "../pages/consultations";
import { DashboardPage } from "../pages/dashboard";
import { LoginPage } from "../pages/login";
import { MorePage } from "../pages/more";
import { NotFoundPage } from "../pages/not-found";
import { NotificationsPage } from "../pages/notifications";
import { SchedulePage } from "../pages/schedule";
import { SecurityPage } from "../pages/security";
import { SystemTestPage } from "../pages/system-test";
import { TodayPage } from "../pages/today";
import { RequireAdmin } from "./auth";

const studioPage = () => import("../pages/studio").then((module) => ({ Component: module.StudioPage }));

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
          { path: "today", element: <TodayPage /> },
          { path: "consultations", element: <ConsultationsPage /> },
          { path: "schedule", element: <SchedulePage /> },
          { path: "more", element: <MorePage /> },
          { path: "dashboard", element: <DashboardPage /> },
          { path: "notifications", element: <NotificationsPage /> },
          { path: "security", element: <SecurityPage /> },
          // The editor loads when first opened: signing in to read a request does not fetch it.
          { path: "studio/:section?", lazy: studioPage },
          { path: "test", element: <SystemTestPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
