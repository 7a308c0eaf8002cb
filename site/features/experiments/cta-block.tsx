import { useFacts } from "../../content/content-context";
import { homeCtaCopy } from "./home-cta-copy";
import "./experiments.css";

/**
 * The A/B-tested call to action at the foot of the home page. The server writes the control, the
 * variant every visitor sees first, and carries the other variant's words in data-copy; the plain
 * script home-cta.ts assigns the visitor's variant and swaps the words in, so no React loads.
 */
export function HomeCallToAction() {
  const copy = homeCtaCopy(useFacts());
  const text = copy.control;
  return (
    <section
      className="home-cta home-cta--control"
      aria-labelledby="home-cta-title"
      data-variant="control"
      data-copy={JSON.stringify(copy["gold-journey"])}
    >
      <h2 id="home-cta-title">{text.heading}</h2>
      <p>{text.body}</p>
      <a className="button button--primary button--compact" href="/book-consultation">
        {text.button}
      </a>
    </section>
  );
}
