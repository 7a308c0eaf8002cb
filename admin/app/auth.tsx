import type { InferResponseType } from "hono/client";
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { api, client, SIGNED_OUT_EVENT } from "../lib/api";

/** The signed-in artist, as GET /api/admin/session describes them. */
type AdminUser = InferResponseType<typeof client.api.admin.session.$get, 200>["user"];

type AuthState = { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; user: AdminUser };

interface AuthContextValue {
  state: AuthState;
  signedIn(user: AdminUser): void;
  signedOut(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * What the admin screens know about the session: only what GET /api/admin/session answers
 * (loading, then signed-in or signed-out). Nothing in local storage grants anything; the server
 * decides on every call.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: "loading" });

  useEffect(() => {
    let cancelled = false;
    api(client.api.admin.session.$get())
      .then(({ user }) => !cancelled && setState({ status: "signed-in", user }))
      .catch(() => !cancelled && setState({ status: "signed-out" }));
    const onSignedOut = () => setState({ status: "signed-out" });
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => {
      cancelled = true;
      window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
    };
  }, []);

  const signedIn = useCallback((user: AdminUser) => setState({ status: "signed-in", user }), []);
  const signedOut = useCallback(() => setState({ status: "signed-out" }), []);
  const value = useMemo(() => ({ state, signedIn, signedOut }), [state, signedIn, signedOut]);
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

/** Protected screens: the loader while asking, the sign-in page on 401. */
export function RequireAdmin() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === "loading") return <FullScreenLoader />;
  if (state.status === "signed-out")
    return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
