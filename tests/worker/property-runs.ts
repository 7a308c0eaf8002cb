import { inject } from "vitest";

/**
 * How many generated cases a property test runs: a size that keeps `npm test` within minutes,
 * or the deep size with DEEP_FUZZ=1 (a run before a release, or after touching the parsers).
 */
export function propertyRuns(sizes: { ci: number; deep: number }): number {
  return inject("deepFuzz") ? sizes.deep : sizes.ci;
}

/**
 * Counts the cases a property really ran (fast-check may stop early on a failure, and skips
 * cases its preconditions refuse) and prints one line with the total, so a run's log says how
 * deep it went. console.info is used because the property files silence console.log.
 */
export function caseCounter(name: string) {
  let ran = 0;
  return {
    ran: () => {
      ran++;
    },
    report: () => {
      console.info(
        `${name}: ${ran} generated cases (${inject("deepFuzz") ? "deep run" : "CI size; DEEP_FUZZ=1 runs the deep size"})`,
      );
    },
  };
}
