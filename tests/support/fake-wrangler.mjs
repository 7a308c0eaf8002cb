// A stand-in for wrangler on PATH, for the launch's tests: it keeps a pretend Cloudflare account
// in a JSON file (FAKE_WRANGLER_STATE), answers the commands `npm run launch` uses as wrangler
// does, and records every call. `deploy` refuses, as wrangler does, while a secret the
// configuration (FAKE_WRANGLER_TOML) requires is unset.
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "smol-toml";

const statePath = process.env.FAKE_WRANGLER_STATE;
const state = JSON.parse(readFileSync(statePath, "utf8"));
const args = process.argv.slice(2);
state.calls.push(args.join(" "));
const save = () => writeFileSync(statePath, JSON.stringify(state, null, 2));
const done = (text = "", code = 0) => {
  save();
  if (text) (code ? process.stderr : process.stdout).write(`${text}\n`);
  process.exit(code);
};
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const [a, b, c, d] = args;

if (a === "whoami")
  done(
    state.loggedIn ? JSON.stringify({ email: "owner@example.com" }) : "Not logged in",
    state.loggedIn ? 0 : 1,
  );
if (!state.loggedIn) done("You are not authenticated. Please run `wrangler login`.", 1);
if (a === "d1" && b === "list") done(JSON.stringify(state.d1));
if (a === "d1" && b === "create") {
  state.d1.push({ uuid: randomUUID(), name: c });
  done(`✅ Successfully created DB '${c}'`);
}
if (a === "d1" && b === "migrations" && c === "apply") done(`Migrations applied to ${d}`);
if (a === "d1" && b === "execute") done("Executed");
if (a === "kv" && b === "namespace" && c === "list") done(JSON.stringify(state.kv));
if (a === "kv" && b === "namespace" && c === "create") {
  state.kv.push({ id: randomUUID().replace(/-/g, ""), title: d });
  done("Created");
}
if (a === "r2" && b === "bucket" && c === "list")
  done(
    state.r2.map((name) => `name:           ${name}\ncreation_date:  2026-11-28T00:00:00.000Z\n`).join("\n"),
  );
if (a === "r2" && b === "bucket" && c === "create") {
  state.r2.push(d);
  done(`Created bucket '${d}'`);
}
if (a === "secret" && b === "list") {
  if (!state.deployed) done("✘ [ERROR] This Worker does not exist on your account. [code: 10007]", 1);
  done(JSON.stringify(state.secrets.map((name) => ({ name, type: "secret_text" }))));
}
if (a === "deploy") {
  const file = option("--secrets-file");
  const sent = file ? Object.keys(JSON.parse(readFileSync(file, "utf8"))) : [];
  state.sentSecrets.push(sent);
  const required =
    parse(readFileSync(process.env.FAKE_WRANGLER_TOML, "utf8")).env?.production?.secrets?.required ?? [];
  const missing = required.filter((name) => !state.secrets.includes(name) && !sent.includes(name));
  if (missing.length)
    done(`✘ [ERROR] The following required secrets have not been set: ${missing.join(", ")}`, 1);
  state.secrets = [...new Set([...state.secrets, ...sent])];
  state.deployed = true;
  done("Uploaded gilded-needle-production\n  https://gilded-needle-production.owner.workers.dev");
}
done(`fake wrangler: no such command: ${args.join(" ")}`, 2);
