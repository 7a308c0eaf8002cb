import { type ReactNode, Suspense } from "react";
import type { RouteObject } from "react-router";
import { AdminLayout } from "../components/admin-layout";
import { LoginPage } from "../pages/login";
import { FullScreenLoader, RequireAdmin } from "./auth";

/** Where a screen's code is awaited: the same boundary in the browser and in the worker's drawing. */
export function ScreenFrame({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullScreenLoader label="Opening…" />}>{children}</Suspense>;
}

/**
 * The admin's routes around the screens given: /admin and /admin/login sign in; every other
 * screen needs a session. The browser passes every screen, each loaded when first opened; the
 * worker, which draws Today alone, passes Today alone, so its drawing matches what the browser
 * takes over without the worker carrying the other screens' code.
 */
export const adminRouteTree = (screens: [path: string, element: ReactNode][]): RouteObject[] => [
  {
    path: "/admin",
    element: <AdminLayout />,
    children: [
      { index: true, element: <LoginPage /> },
      { path: "login", element: <LoginPage /> },
      {
        element: <RequireAdmin />,
        children: screens.map(([path, element]) => ({ path, element })),
      },
    ],
  },
];
