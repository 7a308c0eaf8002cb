import { type GuideAnswer, guideSentence } from "../../../shared/price-guide";
import "./price-guide.css";

/**
 * The guide's sentence and where its figures come from; read out when the answer changes
 * (`live`), unless it sits in a live region of its own that is there before it.
 */
export function GuideLine({ answer, id, live = true }: { answer: GuideAnswer; id?: string; live?: boolean }) {
  return (
    <p className="price-guide__line" id={id} aria-live={live ? "polite" : undefined}>
      <strong>{guideSentence(answer)}</strong>
      {answer.kind === "estimate" ? <span className="price-guide__basis"> (from {answer.basis})</span> : null}
    </p>
  );
}
