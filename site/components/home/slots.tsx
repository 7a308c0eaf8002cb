/**
 * Reserved places on the home page for features built in their own issue
 * (shell-and-admin.md 2.4, the personalised header; public-site.md 2, the AI idea generator).
 * Until then each renders what a visitor without consent would see, so the page reads whole.
 * The owner of that issue replaces these components; the home page keeps the same slot.
 */

/** SLOT: personalised greeting header (consent-gated). Shows the basic, no-consent welcome. */
export function PersonalizedHeaderSlot() {
  return (
    <section className="greeting" aria-label="Welcome" data-slot="personalized-header">
      <p className="greeting__text">Welcome to the studio! Let's create something meaningful together.</p>
    </section>
  );
}

/** SLOT: AI tattoo-idea generator. Shows a static invitation until the generator lands. */
export function IdeaGeneratorSlot() {
  return (
    <section className="idea-slot" aria-labelledby="idea-title" data-slot="idea-generator">
      <h2 id="idea-title">Not sure what you want yet?</h2>
      <p>
        Most great tattoos start as half an idea: a memory, a plant from a grandmother's garden, a line from a
        song. Bring whatever you have to a free consultation and we'll shape it together.
      </p>
    </section>
  );
}
