import type { RouteObject } from "react-router";
import { AdminLayout } from "../components/admin-layout";
import { ConsultationsPage } from "../pages/consultations";
import { DashboardPage } from "../pages/dashboard";
import { LoginPage } from "../pages/login";
import { NotFoundPage } from "../pages/not-found";
import { StudioPage } from "../pages/studio";
import { SystemTestPage } from "../pages/system-test";
import { RequireAdmin } from "./auth";

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
          { path: "studio", element: <StudioPage /> },
          { path: "studio/:section", element: <StudioPage /> },
          { path: "test", element: <SystemTestPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
