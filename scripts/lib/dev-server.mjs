// The one launcher of the local server: `wrangler dev` (workerd) serving the built worker and
// its assets with local D1/KV state. `npm start`, the browser tests and the benchmarks all start
// it here, so they run the same command with the same offline settings and stop it the same way.
import { spawn } from "node:child_process";
import { createWriteStream, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { workerOutDir } from "./config.mjs";
import { loadContent } from "./content-seed.mjs";
import { quietEnv, wrangler } from "./local-env.mjs";

/**
 * @typedef {object} DevServer
 * @property {string} url The origin the server answers on.
 * @property {Promise<number | null>} exited Resolves with the exit code once wrangler has ended.
 * @property {() => Promise<void>} stop Ends wrangler and workerd; resolves once the port is free.
 * @property {() => Promise<void>} crash SIGKILLs the whole process group at once, as a crash or
 *   an out-of-memory kill would (no clean shutdown); resolves once wrangler has exited.
 */

/**
 * Starts wrangler dev and resolves once `/api/health` answers 200.
 *
 * @param {object} options
 * @param {number} options.port
 * @param {string} options.persistTo Folder of the local D1/KV state.
 * @param {string} [options.host] Address to listen on (default 127.0.0.1).
 * @param {string} [options.config] The built worker's wrangler.json (default: the one under dist/).
 * @param {boolean} [options.fresh] Wipe the state folder, apply the migrations and load the studio's content first.
 * @param {(persistTo: string) => void | Promise<void>} [options.seed] With `fresh`: writes more
 *   rows into the new state before the server opens it (a benchmark's demo data, say).
 * @param {Record<string, string>} [options.vars] Extra worker variables for this server only.
 * @param {string} [options.logLevel] wrangler's --log-level ("log" also prints the worker's own lines).
 * @param {boolean} [options.inheritOutput] Print wrangler's output instead of keeping it for errors.
 * @param {string} [options.logFile] Also write wrangler's output to this file, so a failure long
 *   after the start (a browser test's) can be read against what the worker said at the time.
 * @param {number} [options.timeoutMs] How long to wait for the first healthy answer.
 * @returns {Promise<DevServer>}
 */
export async function startDevServer({
  port,
  persistTo,
  host = "127.0.0.1",
  config = `${workerOutDir()}/wrangler.json`,
  fresh = false,
  seed,
  vars = {},
  logLevel = "error",
  inheritOutput = false,
  logFile,
  timeoutMs = 60_000,
}) {
  // A server left running on the port (an aborted run's wrangler) would answer the health check
  // below, and everything after would talk to it, with its old build and state.
  if (await portAnswers(host, port)) {
    throw new Error(
      `Something already answers on ${host}:${port} (a wrangler dev left from an earlier run?). Stop it or choose another port.`,
    );
  }
  if (fresh) {
    rmSync(persistTo, { recursive: true, force: true });
    wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { quiet: true });
    wrangler(["d1", "migrations", "apply", "METRICS_DB", "--local", "--persist-to", persistTo], {
      quiet: true,
    });
    await loadContent({ persistTo });
    await seed?.(persistTo);
  }
  const child = spawn(
    "npx",
    [
      "--no-install",
      "wrangler",
      "dev",
      "--config",
      config,
      "--port",
      String(port),
      "--ip",
      host,
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      "--log-level",
      logLevel,
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    // Its own process group: wrangler runs workerd as a child, and only ending the whole group
    // frees the port.
    {
      env: quietEnv,
      stdio: ["ignore", inheritOutput ? "inherit" : "pipe", inheritOutput ? "inherit" : "pipe"],
      detached: true,
    },
  );
  let output = "";
  const log = logFile ? createWriteStream(logFile) : null;
  let healthy = false;
  const keep = (chunk) => {
    // Only the start-up's output is kept in memory (for the error below); after that the file
    // is the record, and a server of a long run would otherwise hold all of it.
    if (!healthy) output += chunk;
    log?.write(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  child.once("close", () => log?.end());

  const kill = (signal) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {}
  };
  const url = `http://${host}:${port}`;
  try {
    await waitUntilHealthy(`${url}/api/health`, child, timeoutMs);
    healthy = true;
  } catch (error) {
    kill("SIGKILL");
    throw new Error(`${error.message}\n${output}`);
  }

  return {
    url,
    exited,
    async crash() {
      kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      kill("SIGTERM");
      // workerd normally exits at once; a stuck one is killed rather than left holding the port.
      const timer = setTimeout(() => kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      kill("SIGKILL");
    },
  };
}

/** Whether a server accepts connections on host:port. */
function portAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (answers) => {
      socket.destroy();
      resolve(answers);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}

async function waitUntilHealthy(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    // Up once the worker itself answers: 200, or 503 naming a missing secret or binding (a bench
    // server without .dev.vars serves its pages all the same).
    try {
      const response = await fetch(url);
      const body = await response.json().catch(() => null);
      if (response.ok || (response.status === 503 && body?.status === "degraded")) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${timeoutMs} ms`);
}
