import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigationType } from "react-router";
import { loginMessages } from "../../shared/admin-session";
import { useAuth } from "../app/auth";
import { SessionWatch } from "../app/session-watch";
import { clearNoteDrafts } from "../features/inbox";
import { forgetThisDevice } from "../features/notifications";
import { api, client } from "../lib/api";
import { forgetOfflineCopies } from "../lib/offline";
import { Alert } from "./alert";

/** The daily path, short enough for one row on a phone; the rest is under More. */
const sections = [
  { to: "/admin/today", label: "Today" },
  { to: "/admin/consultations", label: "Requests" },
  { to: "/admin/schedule", label: "Schedule" },
  { to: "/admin/studio", label: "Studio" },
  { to: "/admin/more", label: "More" },
];

/**
 * Ends the session on the server, then leaves for the site. The call gets 10 seconds: past that
 * the artist is told, and signed out of this tab anyway.
 */
function useSignOut() {
  const { signedOut } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    setError(null);
    try {
      await api(client.api.admin.logout.$post(undefined, { init: { signal: AbortSignal.timeout(10_000) } }));
    } catch (failure) {
      if (failure instanceof Error && failure.name === "TimeoutError") setError(loginMessages.signOutTimeout);
    }
    clearNoteDrafts();
    await Promise.all([forgetThisDevice(), forgetOfflineCopies()]);
    signedOut();
    // A full navigation drops every bit of admin state held in memory.
    window.location.replace("/");
  }
  return { signOut, busy, error };
}

/**
 * Where the window scrolls when the address changes, as a browser does between pages: a new
 * screen opens at its top, Back and Forward return to where each screen was left, and a change
 * of the query alone (the inbox's search, filter and open card) leaves the page where it is.
 */
function useScrollPositions() {
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const shownPath = useRef(pathname);
  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);
  // Kept while the screen is shown: once the address has moved on (history.state is the next
  // entry's), a scroll the browser makes as the page shrinks is not this screen's position.
  useEffect(() => {
    const keep = () => {
      if ((window.history.state as { key?: string } | null)?.key === key)
        positions.current.set(key, window.scrollY);
    };
    window.addEventListener("scroll", keep, { passive: true });
    return () => window.removeEventListener("scroll", keep);
  }, [key]);
  useLayoutEffect(() => {
    const saved = positions.current.get(key);
    if (navigationType === "POP") window.scrollTo(0, saved ?? 0);
    else if (pathname !== shownPath.current) window.scrollTo(0, 0);
    shownPath.current = pathname;
  }, [key, pathname, navigationType]);
}

export function AdminLayout() {
  const { state } = useAuth();
  const { signOut, busy, error } = useSignOut();
  const signedIn = state.status === "signed-in";
  const { pathname } = useLocation();
  const account = signedIn ? state.user.email : "";
  const firstRender = useRef(true);
  useScrollPositions();
  // A client-side route change moves focus to the new screen, as a page load would.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById("main")?.focus();
  }, [pathname]);
  return (
    <div className="admin-shell">
      <a className="admin-skip" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <Link to="/" reloadDocument className="admin-brand">
          <span aria-hidden="true">✦</span> Gilded Needle{" "}
          <span className="admin-brand__tag">Studio admin</span>
        </Link>
        {signedIn ? (
          <>
            <nav aria-label="Admin">
              <ul className="admin-nav">
                {sections.map((section) => (
                  <li key={section.to}>
                    <NavLink to={section.to} className="admin-nav__link">
                      {section.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="admin-account">
              <span className="admin-muted admin-account__email">{account}</span>
              <button type="button" className="button button--ghost" onClick={signOut} disabled={busy}>
                {busy ? "Signing out…" : "Sign out"}
              </button>
            </div>
            <SessionWatch onSignOut={signOut} />
          </>
        ) : null}
      </header>
      <Alert>{error}</Alert>
      <main id="main" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
