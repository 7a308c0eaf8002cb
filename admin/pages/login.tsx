import { type FormEvent, useState, useSyncExternalStore } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import type { AdminUser } from "../../shared/admin-session";
import { loginMessages } from "../../shared/admin-session";
import { FullScreenLoader, returnPath, useAuth } from "../app/auth";
import { Alert } from "../components/alert";
import { PasskeySignIn } from "../features/security";
import { ApiFailure, api, client } from "../lib/api";

/** Maps a failed sign-in to the studio's fixed sign-in texts. */
function messageFor(failure: unknown): string {
  if (!(failure instanceof ApiFailure)) return loginMessages.unexpected;
  if (failure.status === 0) return loginMessages.connection;
  if (failure.status === 401) return loginMessages.invalid;
  return failure.message || loginMessages.failed;
}

const subscribeToNothing = () => () => {};

/**
 * False while the page is the build's drawing of it (admin/entry-server.tsx) and during its
 * hydration, true once its script runs the form. Until then the form cannot be sent: without
 * its script a form would be sent by the browser itself, the password in the address.
 */
const useFormReady = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

export function LoginPage() {
  const { state, signedIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = useFormReady();

  if (state.status === "loading") return <FullScreenLoader />;
  if (state.status === "signed-in") return <Navigate to={returnPath(params.get("next"))} replace />;
  const ended = state.ended;

  function enter(user: AdminUser) {
    signedIn(user);
    navigate(returnPath(params.get("next")), { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Both filled in, as the server's schema asks; the server checks the rest. (The schema itself
    // stays out of the sign-in page's first load.)
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      setError(loginMessages.missing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await api(client.api.admin.login.$post({ json: { email, password } }), {
        session: false,
      });
      // The route always names the user; an answer without one (a proxy's page, say) is a failure.
      if (!result.user) {
        setError(loginMessages.noUser);
        return;
      }
      enter(result.user);
    } catch (failure) {
      setError(messageFor(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-page admin-page--narrow admin-login" aria-labelledby="admin-title">
      <p className="admin-eyebrow">Gilded Needle Tattoo</p>
      <h1 id="admin-title">Admin sign in</h1>
      {ended ? (
        <p className="admin-notice" role="status">
          {loginMessages.sessionEnded}
        </p>
      ) : (
        <p className="admin-muted">The studio's private area. Sign in with the artist's account.</p>
      )}
      <form
        className="admin-form"
        method="post"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={error ? "login-error" : undefined}
      >
        <CredentialField label="Email" name="email" autoComplete="username" disabled={busy} />
        <CredentialField label="Password" name="password" autoComplete="current-password" disabled={busy} />
        <Alert id="login-error">{error}</Alert>
        <button type="submit" className="button button--primary" disabled={busy || !ready}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <PasskeySignIn onSignedIn={enter} />
      <p>
        <Link to="/" reloadDocument>
          Back to the website
        </Link>
      </p>
    </section>
  );
}

/** One required sign-in field; each field's name is also its input type. */
function CredentialField({
  label,
  name,
  autoComplete,
  disabled,
}: {
  label: string;
  name: "email" | "password";
  autoComplete: string;
  disabled: boolean;
}) {
  return (
    <label className="admin-field">
      <span>{label}</span>
      <input
        className="form-control"
        name={name}
        type={name}
        autoComplete={autoComplete}
        required
        disabled={disabled}
      />
    </label>
  );
}
