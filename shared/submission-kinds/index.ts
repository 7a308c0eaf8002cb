import { consultationKind } from "./consultation";
import { contactKind } from "./contact";

export { csvColumns, type SubmissionKind } from "./define";
export { consultationKind, contactKind };

/**
 * Every kind of submission, in the order the admin shows them. Adding a kind: its descriptor
 * file here, its table line in worker/platform/db/schema.ts, `npm run db:generate`, and its form.
 */
export const submissionKinds = [consultationKind, contactKind] as const;

export type AnySubmissionKind = (typeof submissionKinds)[number];
export type SubmissionKindName = AnySubmissionKind["name"];

export const submissionKindNames = submissionKinds.map((kind) => kind.name) as [
  SubmissionKindName,
  ...SubmissionKindName[],
];

export function submissionKind<N extends SubmissionKindName>(name: N) {
  return submissionKinds.find((kind) => kind.name === name) as Extract<AnySubmissionKind, { name: N }>;
}
