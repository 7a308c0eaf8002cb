import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AuthProvider } from "./app/auth";
import { AdminRoutes } from "./app/routes";
import { registerAdminWorker } from "./lib/offline";
import "./styles/admin.css";

const container = document.getElementById("root");
if (!container) throw new Error("The admin page has no #root element");

createRoot(container).render(
  <StrictMode>
    <AuthProvider>
      <BrowserRouter>
        <AdminRoutes />
      </BrowserRouter>
    </AuthProvider>
  </StrictMode>,
);

// Offline, the admin opens with Today as it last loaded (public/admin-sw.js).
registerAdminWorker();
