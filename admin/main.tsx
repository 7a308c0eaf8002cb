import { type ReactNode, StrictMode, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { SIGN_IN_PATHS } from "../shared/admin-session";
import { AuthProvider, hasSessionHint } from "./app/auth";
import { AdminRoutes } from "./app/routes";
import { type DrawnToday, DrawnTodayContext, readDrawnToday } from "./features/today";
import { client } from "./lib/api";
import { startEarly } from "./lib/early-load";
import { registerAdminWorker } from "./lib/offline";
import "./styles/admin.css";

const container = document.getElementById("root");
if (!container) throw new Error("The admin page has no #root element");

// Opened on Today with a session (her phone's daily start): Today's code and data are asked for
// now, beside the session check, instead of one after the other once the session is known.
if (window.location.pathname === "/admin/today" && hasSessionHint()) {
  startEarly("today", () => client.api.admin.today.$get());
  void import("./pages/today");
}

/**
 * The Today the worker drew, until the screen has taken it over: later visits to Today (and its
 * date) start from their own load, not from the morning's.
 */
function DrawnFirst({ drawn, children }: { drawn: DrawnToday | null; children: ReactNode }) {
  const [value, setValue] = useState(() =>
    drawn ? { today: drawn.today, release: () => setValue(null) } : null,
  );
  return <DrawnTodayContext value={value}>{children}</DrawnTodayContext>;
}

const drawnToday = window.location.pathname === "/admin/today" ? readDrawnToday() : null;
const app = (
  <StrictMode>
    <AuthProvider initial={drawnToday ? { status: "signed-in", user: drawnToday.user } : undefined}>
      <DrawnFirst drawn={drawnToday}>
        <BrowserRouter>
          <AdminRoutes />
        </BrowserRouter>
      </DrawnFirst>
    </AuthProvider>
  </StrictMode>
);
// The sign-in page comes with its form already drawn (admin/entry-server.tsx), and Today opened
// with a session with her day drawn by the worker (admin/render-today.tsx): each is taken over as
// it stands. Every other screen starts from an empty page; so does a drawn page this first
// render would not draw (offline, the service worker answers any address with the page it last
// kept, which may be the sign-in page).
const drawnSignIn =
  container.firstElementChild !== null &&
  SIGN_IN_PATHS.includes(window.location.pathname) &&
  !hasSessionHint();
const drawFresh = () => {
  container.replaceChildren();
  createRoot(container).render(app);
};
if (drawnSignIn) hydrateRoot(container, app);
else if (drawnToday && container.firstElementChild !== null) {
  // Today's code was asked for with the admin's script (the page's data-chunks): once it is in,
  // the screen takes the drawing over. Should it not come, the app starts as it would anywhere.
  import("./pages/today").then(() => hydrateRoot(container, app), drawFresh);
} else drawFresh();

// Offline, the admin opens with Today as it last loaded (public/admin-sw.js).
registerAdminWorker();
