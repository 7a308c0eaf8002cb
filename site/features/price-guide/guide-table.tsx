import { type GuideRow, guideSentence, guideSizes, priceGuide } from "../../../shared/price-guide";
import "./price-guide.css";

const sizeNames = { small: "Small", medium: "Medium", large: "Large" } as const;

/**
 * The guide by size alone, as plain HTML: what every visitor gets, and all of it without
 * JavaScript (the picker beside it narrows by placement and style).
 */
export function PriceGuideTable({ table }: { table: GuideRow[] }) {
  return (
    <table className="price-guide__table">
      <caption className="visually-hidden">What finished pieces took, by size</caption>
      <thead>
        <tr>
          <th scope="col">Size</th>
          <th scope="col">Similar pieces took</th>
        </tr>
      </thead>
      <tbody>
        {guideSizes.map((size) => {
          const answer = priceGuide(table, { size });
          return (
            <tr key={size}>
              <th scope="row">{sizeNames[size]}</th>
              <td>
                {guideSentence(answer).replace(/^Similar pieces took /, "")}
                {answer.kind === "estimate" ? (
                  <span className="price-guide__basis"> ({answer.count} pieces)</span>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
