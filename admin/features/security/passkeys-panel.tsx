import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from "@simplewebauthn/browser";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { ActionOutcome } from "../../components/alert";
import { ApiFailure, api, client } from "../../lib/api";

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

const failureText = (failure: unknown) =>
  failure instanceof ApiFailure ? failure.message : "That did not work. Please try again.";

/** The artist's passkeys: add one on this device, rename or remove any. */
export function PasskeysPanel() {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setPasskeys((await api(client.api.admin.passkeys.$get())).passkeys);
    } catch (failure) {
      setError(failureText(failure));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const options = await api(client.api.admin.passkeys.options.$post());
      const response = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      await api(client.api.admin.passkeys.$post({ json: { name, response } }));
      form.reset();
      await load();
      setNotice(`Passkey "${name}" added: it signs you in on this device from now on.`);
    } catch (failure) {
      if (!(failure instanceof Error && failure.name === "NotAllowedError")) setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  async function rename(passkey: Passkey) {
    const name = window.prompt("New name for this passkey", passkey.name);
    if (!name) return;
    try {
      await api(client.api.admin.passkeys[":id"].$patch({ param: { id: passkey.id }, json: { name } }));
      await load();
      setNotice(`Renamed to "${name}".`);
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  async function remove(passkey: Passkey) {
    if (!window.confirm(`Remove the passkey "${passkey.name}"? It will no longer sign you in.`)) return;
    try {
      await api(client.api.admin.passkeys[":id"].$delete({ param: { id: passkey.id } }));
      await load();
      setNotice(`Passkey "${passkey.name}" removed.`);
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  return (
    <div className="admin-passkeys">
      <h2>Passkeys</h2>
      <p className="admin-muted">
        A passkey signs you in with this device's fingerprint, face or PIN, even while someone is guessing
        your password. You get an e-mail whenever one is added.
      </p>
      {passkeys === null ? (
        <p className="admin-muted">Loading…</p>
      ) : passkeys.length === 0 ? (
        <p>No passkeys yet.</p>
      ) : (
        <ul className="admin-passkey-list">
          {passkeys.map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong>{" "}
              <span className="admin-muted">
                added {new Date(p.createdAt).toLocaleDateString()}
                {p.lastUsedAt ? `, last used ${new Date(p.lastUsedAt).toLocaleDateString()}` : ", never used"}
              </span>{" "}
              <button type="button" className="button" onClick={() => rename(p)}>
                Rename
              </button>{" "}
              <button type="button" className="button" onClick={() => remove(p)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-form" onSubmit={add}>
        <label className="admin-field">
          <span>Name of the new passkey</span>
          <input
            className="form-control"
            name="name"
            required
            maxLength={60}
            placeholder="e.g. Phone"
            disabled={busy}
          />
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Waiting for your device…" : "Add a passkey"}
        </button>
      </form>
      <ActionOutcome error={error} notice={notice} noticeClass="admin-card__notice" />
    </div>
  );
}
