// Shared helpers for the benchmark scripts.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function writeResults(file, data) {
  mkdirSync("bench-results", { recursive: true });
  const path = join("bench-results", file);
  writeFileSync(path, `${JSON.stringify({ date: new Date().toISOString(), ...data }, null, 2)}\n`);
  console.log(`wrote ${path}`);
}
