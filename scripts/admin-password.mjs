// npm run admin:password -- --email <address> [--remote] [--persist-to <dir>] [--generate | --password-stdin]
//
// Sets or resets an admin's password, creating the account if it does not exist, in the local
// D1 database (default) or the deployed one (--remote). Every session of that admin is ended
// and its failed-attempt lock is lifted. The password is read from a hidden prompt (twice), from
// one line of standard input (--password-stdin), or generated and printed once (--generate).
//
// The hash is PBKDF2-SHA256, 100,000 iterations, over password + PASSWORD_PEPPER. Locally the
// pepper comes from .dev.vars; for --remote set PASSWORD_PEPPER in the environment to the same
// value as the Worker secret (a Worker secret cannot be read back).

import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { hashPassword } from "../worker/features/sign-in/passwords.ts";
import { ensureDevVars, quietEnv, sqlString } from "./lib/local-env.mjs";

const MIN_LENGTH = 12;

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string", default: ".wrangler/state" },
    generate: { type: "boolean", default: false },
    "password-stdin": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

function fail(message) {
  console.error(`admin:password: ${message}`);
  process.exit(1);
}

if (values.help || !values.email) {
  console.log(
    "Usage: npm run admin:password -- --email <address> [--remote] [--persist-to <dir>] [--generate | --password-stdin]",
  );
  process.exit(values.help ? 0 : 1);
}

const email = values.email.trim().toLowerCase();
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`"${values.email}" is not an e-mail address.`);
if (values.remote && email.endsWith("@localhost.test")) {
  fail("the @localhost.test account is for local development only and is refused by a deployed worker.");
}

let pepper;
if (values.remote) {
  pepper = process.env.PASSWORD_PEPPER;
  if (!pepper) fail("set PASSWORD_PEPPER to the deployed Worker secret's value for --remote.");
} else {
  pepper = process.env.PASSWORD_PEPPER || ensureDevVars().PASSWORD_PEPPER;
}

function readLine(prompt, { hidden }) {
  return new Promise((resolve) => {
    const rl = createInterface({
      input: process.stdin,
      output: process.stdout,
      terminal: hidden && process.stdin.isTTY,
    });
    if (hidden && process.stdin.isTTY) {
      // Echo nothing while the password is typed.
      rl._writeToOutput = (text) => {
        if (text.includes(prompt)) process.stdout.write(prompt);
      };
    }
    rl.question(prompt, (answer) => {
      rl.close();
      if (hidden && process.stdin.isTTY) process.stdout.write("\n");
      resolve(answer);
    });
  });
}

let password;
if (values.generate) {
  password = randomBytes(18).toString("base64url");
} else if (values["password-stdin"] || !process.stdin.isTTY) {
  password = readFileSync(0, "utf8").split(/\r?\n/)[0] ?? "";
} else {
  password = await readLine("New password: ", { hidden: true });
  const again = await readLine("Repeat it: ", { hidden: true });
  if (again !== password) fail("the two passwords differ; nothing was changed.");
}
if (password.length < MIN_LENGTH) fail(`the password must have at least ${MIN_LENGTH} characters.`);
if (password.length > 1024) fail("the password is longer than 1024 characters.");

const hash = await hashPassword(password, pepper);
const id = `admin-${randomBytes(12).toString("hex")}`;
const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const accountKey = `email:${createHash("sha256").update(`${pepper}:${email}`).digest("hex")}`;
const sql = `
INSERT INTO admins (id, email, password_hash, role) VALUES (${sqlString(id)}, ${sqlString(email)}, ${sqlString(hash)}, 'admin')
  ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, updated_at = ${now};
UPDATE admin_sessions SET revoked_at = ${now}
  WHERE revoked_at IS NULL AND admin_id = (SELECT id FROM admins WHERE email = ${sqlString(email)});
DELETE FROM login_failures WHERE key = ${sqlString(accountKey)};
`;

const dir = join(tmpdir(), "gilded-needle");
mkdirSync(dir, { recursive: true });
const file = join(dir, `admin-password-${process.pid}-${Date.now()}.sql`);
writeFileSync(file, sql, { mode: 0o600 });
const target = values.remote ? ["--remote"] : ["--local", "--persist-to", values["persist-to"]];
const run = (args) =>
  spawnSync("npx", ["--no-install", "wrangler", ...args], { env: quietEnv, encoding: "utf8", stdio: "pipe" });
try {
  if (!values.remote) {
    // A fresh checkout may not have the tables yet.
    const migrate = run(["d1", "migrations", "apply", "DB", ...target]);
    if (migrate.status !== 0) fail(`applying migrations failed:\n${migrate.stdout}${migrate.stderr}`);
  }
  const result = run(["d1", "execute", "DB", ...target, "--file", file, "--yes"]);
  if (result.status !== 0) fail(`wrangler d1 execute failed:\n${result.stdout}${result.stderr}`);
} finally {
  writeFileSync(file, "");
}

console.log(
  `Password set for ${email} (${values.remote ? "deployed database" : `local database in ${values["persist-to"]}`}).`,
);
console.log("Every existing session of this admin has been ended.");
if (values.generate) console.log(`Generated password (shown once): ${password}`);
