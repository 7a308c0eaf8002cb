/**
 * The privacy policy's controls: export everything this site keeps in the browser as a JSON
 * file, delete all of it, withdraw consent, or change the choices. Server markup; the plain
 * script data-controls.ts makes the buttons work (and shows 'Withdraw consent' only to a visitor
 * who has consented), so the page needs no React for them.
 */
export function PrivacyDataControls() {
  return (
    <section className="privacy-controls" aria-labelledby="privacy-controls-title">
      <h2 id="privacy-controls-title">Your data in this browser</h2>
      <p>
        Everything this site remembers about your visit lives in your own browser, never in a cookie. Download
        it, delete it, or change what you allow.
      </p>
      <div className="privacy-controls__buttons js-only">
        <button type="button" className="button button--ghost button--compact" data-privacy-action="export">
          Export my data
        </button>
        <button type="button" className="button button--ghost button--compact" data-privacy-action="delete">
          Delete my data
        </button>
        <button
          type="button"
          className="button button--ghost button--compact"
          data-privacy-action="withdraw"
          hidden
        >
          Withdraw consent
        </button>
        <button type="button" className="button button--primary button--compact" data-open-privacy>
          Change privacy choices
        </button>
      </div>
      <p className="privacy-controls__message" role="status" aria-live="polite" />
    </section>
  );
}
