import type { ReactNode } from "react";

/** A term and what it stands for: a price band and its range, a fact about the studio. */
export type Term = readonly [term: string, detail: ReactNode];

/** A definition list of terms, each pair in a <div> so a grid can lay out one per cell. */
export function TermList({ className, terms }: { className: string; terms: readonly Term[] }) {
  return (
    <dl className={className}>
      {terms.map(([term, detail]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
