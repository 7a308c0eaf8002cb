import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Serves the built site (dist/) through wrangler dev / workerd on a loopback port with its own
 * fresh local D1/KV state and the real migrations applied.
 */
export async function startBuiltSite({
  port,
  persistTo,
  workerConfig,
  vars = {},
}: {
  port: number;
  persistTo: string;
  workerConfig: string;
  /** Extra worker variables for this server only (wrangler dev --var NAME:VALUE). */
  vars?: Record<string, string>;
}): Promise<RunningServer> {
  rmSync(persistTo, { recursive: true, force: true });
  const migrate = spawnSync(
    "npx",
    ["--no-install", "wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo],
    { env, encoding: "utf8" },
  );
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}${migrate.stderr}`);

  const child = spawn(
    "npx",
    [
      "--no-install",
      "wrangler",
      "dev",
      "--config",
      workerConfig,
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      "--log-level",
      "error",
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { env, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/api/health`, child, 60_000);
  } catch (error) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {}
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null || !child.pid) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // wrangler runs workerd as a child: end the whole group so the port is freed.
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    },
  };
}
