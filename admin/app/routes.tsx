import type { RouteObject } from "react-router";
import { AdminLayout } from "../components/admin-layout";
import { ConsultationsPage } from "../pages/consultations";
import { DashboardPage } from "../pages/dashboard";
import { LoginPage } from "../pages/login";
import { NotFoundPage } from "../pages/not-found";
import { SystemTestPage } from "../pages/system-test";
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
          { path: "dashboard", element: <DashboardPage /> },
          { path: "consultations", element: <ConsultationsPage /> },
          // The editor loads when first opened: signing in to read a request does not fetch it.
          { path: "studio/:section?", lazy: studioPage },
          { path: "test", element: <SystemTestPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
