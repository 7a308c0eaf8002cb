import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import type { AdminUser } from "../../../shared/admin-session";
import { Alert } from "../../components/alert";
import { ApiFailure, api, client } from "../../lib/api";

/**
 * "Use a passkey instead" (not "Sign in…", which the password button answers to): the browser offers the passkeys it holds for this site, so no e-mail
 * is needed, and a guessing attack on her password never stands in the way.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (user: AdminUser) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      // The WebAuthn helper loads when a passkey is asked for, not with the sign-in page.
      const [options, { startAuthentication }] = await Promise.all([
        api(client.api.admin["passkey-login"].options.$post(), { session: false }),
        import("@simplewebauthn/browser"),
      ]);
      const response = await startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      });
      const result = await api(client.api.admin["passkey-login"].verify.$post({ json: { response } }), {
        session: false,
      });
      onSignedIn(result.user);
    } catch (failure) {
      // Closing the browser's passkey prompt is a choice, not an error worth a red message.
      if (failure instanceof Error && failure.name === "NotAllowedError") return;
      setError(
        failure instanceof ApiFailure ? failure.message : "The passkey could not be used. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-passkey-sign-in">
      <button type="button" className="button" onClick={signIn} disabled={busy}>
        {busy ? "Waiting for your passkey…" : "Use a passkey instead"}
      </button>
      <Alert>{error}</Alert>
    </div>
  );
}
