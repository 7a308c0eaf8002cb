import type { InferResponseType } from "hono/client";
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { SESSION_HINT_COOKIE } from "../../shared/admin-session";
import { ApiFailure, api, client, SESSION_ENDS_EVENT, SIGNED_OUT_EVENT } from "../lib/api";
import { forgetOfflineCopies } from "../lib/offline";

/** The signed-in artist, as GET /api/admin/session describes them. */
type AdminUser = InferResponseType<typeof client.api.admin.session.$get, 200>["user"];

export type AuthState =
  | { status: "loading" }
  /** `ended`: this tab was signed in and the server ended the session (idle or too long). */
  | { status: "signed-out"; ended: boolean }
  | { status: "signed-in"; user: AdminUser };

interface AuthContextValue {
  state: AuthState;
  /** When the server will end the session if nothing else is asked of it (ms since epoch). */
  endsAt: number | null;
  signedIn(user: AdminUser): void;
  signedOut(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Whether the server said a session began in this browser and has not said it ended: without
 * it, there is no session to ask about (SESSION_HINT_COOKIE).
 */
export const hasSessionHint = () =>
  document.cookie.split("; ").some((pair) => pair.startsWith(`${SESSION_HINT_COOKIE}=`));

/** A session the server ended on its own (idle, too long) leaves the hint behind: it goes here. */
const forgetSessionHint = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and no value to escape; the Cookie Store API is missing from older Safari
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/admin; Secure; SameSite=Strict`;
};

/**
 * What the admin screens know about the session: only what the server answers (loading, then
 * signed-in or signed-out, and when the session ends). Nothing in local storage grants anything;
 * the server decides on every call.
 */
export function AuthProvider({ children, initial }: { children: ReactNode; initial?: AuthState }) {
  // Without the hint there is nothing to ask: signed out from the first render, which is also
  // what the build's sign-in page was drawn with (admin/entry-server.tsx), so it hydrates as is.
  const [state, setState] = useState<AuthState>(
    () => initial ?? (hasSessionHint() ? { status: "loading" } : { status: "signed-out", ended: false }),
  );
  const [endsAt, setEndsAt] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    if (hasSessionHint())
      api(client.api.admin.session.$get())
        .then(({ user }) => !cancelled && setState({ status: "signed-in", user }))
        .catch((error) => {
          // Only the server's "no session" ends the hint; offline, it stays for the next visit.
          if (error instanceof ApiFailure && error.status === 401) forgetSessionHint();
          if (!cancelled) setState({ status: "signed-out", ended: false });
        });
    const onSignedOut = () => {
      forgetSessionHint();
      // Her data kept for offline use goes with the session.
      void forgetOfflineCopies();
      // Several calls can learn of the end at once (the screen's check, an open card's): the
      // first says whether a session ended; the ones after it change nothing.
      setState((current) =>
        current.status === "signed-out"
          ? current
          : { status: "signed-out", ended: current.status === "signed-in" },
      );
      setEndsAt(null);
    };
    const onEnds = (event: Event) => {
      const at = Number((event as CustomEvent).detail);
      // Moves of less than a few seconds are the request's own travel time, not news.
      if (Number.isFinite(at))
        setEndsAt((current) => (current && Math.abs(current - at) < 5000 ? current : at));
    };
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    window.addEventListener(SESSION_ENDS_EVENT, onEnds);
    return () => {
      cancelled = true;
      window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
      window.removeEventListener(SESSION_ENDS_EVENT, onEnds);
    };
  }, []);

  // A new session's end is not known until its first answer; the old one's must not linger.
  const signedIn = useCallback((user: AdminUser) => {
    setState({ status: "signed-in", user });
    setEndsAt(null);
  }, []);
  const signedOut = useCallback(() => {
    setState({ status: "signed-out", ended: false });
    setEndsAt(null);
  }, []);
  const value = useMemo(() => ({ state, endsAt, signedIn, signedOut }), [state, endsAt, signedIn, signedOut]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}

export function FullScreenLoader({ label = "Checking your session…" }: { label?: string }) {
  return (
    <div className="admin-loader" role="status" aria-live="polite">
      <span className="admin-spinner admin-spinner--large" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/**
 * Where to go after signing in: the admin screen the artist was sent away from, if it is one.
 * Only a path of this admin area counts, so a crafted link cannot send her anywhere else.
 */
export function returnPath(wanted: string | null | undefined): string {
  const fallback = "/admin/today";
  if (!wanted?.startsWith("/admin/") || wanted.includes("\\") || wanted.startsWith("//")) return fallback;
  const url = new URL(wanted, window.location.origin);
  if (url.origin !== window.location.origin || !url.pathname.startsWith("/admin/")) return fallback;
  if (url.pathname === "/admin/login") return fallback;
  return url.pathname + url.search;
}

/** Protected screens: the loader while asking, the sign-in page (remembering this screen) on 401. */
export function RequireAdmin() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === "loading") return <FullScreenLoader />;
  if (state.status === "signed-out") {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/admin/login?next=${next}`} replace />;
  }
  return <Outlet />;
}
