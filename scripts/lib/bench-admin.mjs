// What the benchmarks that sign in to the served worker share: fresh secrets, the local D1 file,
// and a throwaway admin account to sign in with.
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { hashPassword } from "../../worker/features/sign-in/passwords.ts";

/** Secrets made for one run, so nothing the benchmark's worker signs or hashes outlives it. */
export const benchSecrets = () => ({
  JWT_SECRET: randomBytes(32).toString("base64url"),
  PASSWORD_PEPPER: randomBytes(32).toString("base64url"),
  RATE_LIMIT_SECRET: randomBytes(32).toString("base64url"),
});

/** The local D1 file under `persistTo` that holds `table` (the measurements have a file of their own). */
export function localDatabaseWith(persistTo, table) {
  const folder = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite");
  for (const file of readdirSync(folder).filter((n) => n.endsWith(".sqlite") && n !== "metadata.sqlite")) {
    const db = new DatabaseSync(join(folder, file));
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(table)) return db;
    db.close();
  }
  throw new Error(`no database with ${table} under ${folder}`);
}

const benchAdminEmail = "bench@localhost.test";

/** Adds a throwaway admin to the local database; returns the password it signs in with. */
export async function addBenchAdmin(db, pepper) {
  const password = randomBytes(12).toString("base64url");
  db.prepare("INSERT INTO admins (id, email, password_hash, role) VALUES (?, ?, ?, 'admin')").run(
    "bench-admin",
    benchAdminEmail,
    await hashPassword(password, pepper),
  );
  return password;
}

/** Signs the throwaway admin in on the served worker; returns its session cookie. */
export async function signInBenchAdmin(url, password) {
  const login = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ email: benchAdminEmail, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return (login.headers.getSetCookie().find((c) => c.startsWith("__Host-gn_admin=")) ?? "").split(";")[0];
}
