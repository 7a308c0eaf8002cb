// A command run to its end with its standard output and error kept together, in the order they
// came: npm test's steps and the launch's tests read what a command said only once it is done.
import { spawn } from "node:child_process";

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<{ ok: boolean, code: number | null, output: string }>}
 */
export function runCommand(command, args, { env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk) => {
      output += chunk;
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", (error) => resolve({ ok: false, code: null, output: `${output}${error.message}\n` }));
    child.on("close", (code) => resolve({ ok: code === 0, code, output }));
  });
}
