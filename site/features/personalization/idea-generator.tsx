import { type FormEvent, useId, useState } from "react";
import { promptMaxLength } from "../../../shared/personalization";
import { Link } from "../../components/link";
import { readSessionData, updateSessionData, useConsent } from "../consent";
import { flushEvents, logger, trackEvent } from "../measurements";
import { personalize } from "./personalize-api";
import { IdeasSection, LockedIdeas } from "./stand-ins";

/**
 * The AI tattoo-idea generator on the home page. It needs the ai consent; each idea can be carried into the consultation form with one click
 * through `/book-consultation?idea=<url-encoded text>`.
 */

/**
 * At most `max` UTF-16 units (what the server counts) without cutting an emoji in half: half a
 * surrogate pair is refused as a hidden character.
 */
const clip = (text: string, max: number) => text.slice(0, max).replace(/[\uD800-\uDBFF]$/, "");

/** The consultation form's tattoo idea accepts at most 1000 characters. */
const ideaMax = 1000;

const styleWords = [
  "fine-line",
  "realism",
  "traditional",
  "neo-traditional",
  "japanese",
  "geometric",
  "botanical",
  "blackwork",
  "watercolor",
  "script",
  "memorial",
  "cover-up",
];

/** The form receives the visitor's own words first, then the suggestion they chose. */
function bookingHref(prompt: string, idea: string): string {
  const own = prompt
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]+$/, "");
  return `/book-consultation?idea=${encodeURIComponent(clip(`${own}. ${idea}`, ideaMax))}`;
}

const numberedLine = /^\d+[.)]\s/;

/**
 * Numbered lines become separate ideas; a line before them introduces them (it names the
 * visitor's idea, once) and lines after them are advice, not ideas.
 */
function splitIdeas(content: string): { intro: string | null; ideas: string[]; note: string | null } {
  const lines = content
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const first = lines.findIndex((line) => numberedLine.test(line));
  if (first === -1) return { intro: null, ideas: [content.trim()], note: null };
  const ideas = lines
    .filter((line) => numberedLine.test(line))
    .map((line) => line.replace(/^\d+[.)]\s+/, ""));
  const intro = lines.slice(0, first).join(" ") || null;
  const note =
    lines
      .slice(first)
      .filter((line) => !numberedLine.test(line))
      .join(" ") || null;
  return { intro, ideas, note };
}

export function IdeaGenerator() {
  const consent = useConsent();
  const allowed = consent?.features.ai === true;
  const [prompt, setPrompt] = useState("");
  const [ideas, setIdeas] = useState<string[]>([]);
  const [intro, setIntro] = useState<string | null>(null);
  const [asked, setAsked] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = prompt.trim();
    if (text.length < 3) {
      setError("Describe your idea in a few words first.");
      return;
    }
    setBusy(true);
    setError(null);
    const started = performance.now();
    try {
      const session = readSessionData();
      const answer = await personalize(
        "tattoo-ideas",
        {
          sessionInterests: session.interests.slice(-10),
          previousIdeas: session.generatedIdeas.map((i) => clip(i.idea, 600)).slice(-5),
          previousPrompts: session.generatedIdeas.map((i) => clip(i.userPrompt, 300)).slice(-5),
        },
        text,
      );
      const written = splitIdeas(answer.content);
      setIdeas(written.ideas);
      setIntro(written.intro);
      setNote(written.note);
      setAsked(text);
      const found = styleWords.filter(
        (word) => text.toLowerCase().includes(word.replace("-", "")) || text.toLowerCase().includes(word),
      );
      updateSessionData((data) => ({
        ...data,
        interests: [...data.interests, ...found],
        generatedIdeas: [
          ...data.generatedIdeas,
          { idea: answer.content, userPrompt: text, timestamp: Date.now() },
        ],
      }));
      const elapsed = Math.round(performance.now() - started);
      trackEvent("AI Feature Used", { feature: "tattoo_idea_generator", source: answer.source });
      // AI calls slower than 2 s are logged, so a slow model shows up before visitors complain.
      if (elapsed > 2000) logger.warn("Slow AI call", { feature: "tattoo_idea_generator", ms: elapsed });
    } catch (caught) {
      logger.warn("Idea generator failed", { error: String(caught) });
      setError(
        "The idea generator is resting right now. Please try again in a minute, or describe your idea in the consultation form.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <IdeasSection>
      {allowed ? (
        <>
          <form className="ideas__form" onSubmit={submit} noValidate>
            <label htmlFor={fieldId}>Describe the idea, memory or feeling you want to wear</label>
            <textarea
              id={fieldId}
              className="form-control"
              aria-describedby={hintId}
              maxLength={promptMaxLength}
              rows={3}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              placeholder="e.g. a fine-line fern for my grandmother, on my forearm"
            />
            <p id={hintId} className="ideas__hint">
              {prompt.length}/{promptMaxLength} · Sent only to write ideas; not stored by the studio.
            </p>
            <button type="submit" className="button button--primary button--compact" disabled={busy}>
              {busy ? "Sketching ideas..." : "Generate ideas"}
            </button>
          </form>
          <div className="ideas__results" aria-live="polite">
            {error ? <p className="ideas__error">{error}</p> : null}
            {ideas.length && intro ? <p className="ideas__prompt-line">{intro}</p> : null}
            {ideas.length ? (
              <ol className="ideas__list">
                {ideas.map((idea) => (
                  <li key={idea} className="ideas__item">
                    <p>{idea}</p>
                    <Link
                      className="button button--ghost button--small"
                      to={bookingHref(asked, idea)}
                      onClick={() => {
                        trackEvent("Consultation Requested", { source: "ai_generated_idea" });
                        // Sent now, while the page is whole: a beacon left for the page's
                        // unloading is sometimes dropped by a busy browser, and this is the
                        // idea generator's one conversion.
                        flushEvents();
                      }}
                    >
                      Book a consultation with this idea
                    </Link>
                  </li>
                ))}
              </ol>
            ) : null}
            {note ? <p className="ideas__note">{note}</p> : null}
          </div>
        </>
      ) : (
        <LockedIdeas />
      )}
    </IdeasSection>
  );
}
