import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AuthProvider } from "./app/auth";
import { routes } from "./app/routes";
import { registerAdminWorker } from "./lib/offline";
import "./styles/admin.css";

const container = document.getElementById("root");
if (!container) throw new Error("The admin page has no #root element");

createRoot(container).render(
  <StrictMode>
    <AuthProvider>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AuthProvider>
  </StrictMode>,
);

// Offline, the admin opens with Today as it last loaded (public/admin-sw.js).
registerAdminWorker();
