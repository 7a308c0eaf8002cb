import { expect } from "vitest";

// Shared by the worker's tests and the browser tests (both projects type-check it): the race for
// one time is asserted the same way whether the posts reach the worker in-process or over HTTP.

/**
 * The answers to many clients posting for one time at once: exactly one got it (303), and every
 * other was told it was just taken (409) on a page that no longer offers that time. Returns the
 * refusals' pages, for what a caller checks beyond that.
 */
export async function expectOneGotTheTime(answers: Response[], startsAt: string): Promise<string[]> {
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 303)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(answers.length - 1);
  const refusals = await Promise.all(answers.filter((a) => a.status === 409).map((a) => a.text()));
  for (const html of refusals) {
    expect(html).toContain("That time was just taken");
    expect(html).not.toContain(`value="${startsAt}"`);
  }
  return refusals;
}
