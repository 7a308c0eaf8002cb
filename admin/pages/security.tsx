import { PasskeysPanel } from "../features/security";

/** The artist's own sign-in: her passkeys. */
export function SecurityPage() {
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <p className="admin-eyebrow">More</p>
      <h1 id="admin-title">Sign-in and passkeys</h1>
      <div className="admin-panel">
        <PasskeysPanel />
      </div>
    </section>
  );
}
