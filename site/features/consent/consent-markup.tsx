import { featureText, presets } from "./consent-options";
import type { ConsentFeature } from "./consent-store";
import "./consent.css";

/**
 * The privacy dialog and the bar for its notices and badge, written by the server on every page,
 * closed. A plain script (consent-dialog.ts) opens it, keeps its switches in step and saves the
 * choice, so no page needs React for it. The switches start at essential only, the choice of a
 * visitor who has not chosen yet.
 */
export function ConsentMarkup() {
  return (
    <>
      <dialog className="consent-dialog" aria-labelledby="consent-title" aria-describedby="consent-intro">
        <div className="consent-dialog__body">
          <div className="consent-dialog__head">
            <h2 id="consent-title">Your Privacy, Your Choice</h2>
            <button
              type="button"
              className="consent-dialog__close"
              aria-label="Close and keep essential features only"
              data-consent="essential"
            >
              ×
            </button>
          </div>
          <p id="consent-intro" className="consent-dialog__intro">
            Nothing personal happens without your say-so. What you enable stays in this browser tab, for this
            session only.
          </p>
          <fieldset className="consent-presets">
            <legend className="consent-presets__legend">Quick presets</legend>
            {presets.map((preset, index) => (
              <button
                key={preset.name}
                type="button"
                className="button button--ghost button--small"
                data-preset={index}
              >
                {preset.name}
              </button>
            ))}
          </fieldset>
          <ul id="consent-toggles" className="consent-toggles">
            {(Object.keys(featureText) as ConsentFeature[]).map((feature) => (
              <li key={feature} className="consent-toggle">
                <div>
                  <span className="consent-toggle__label" id={`consent-${feature}-label`}>
                    {featureText[feature].label}
                  </span>
                  <span className="consent-toggle__description" id={`consent-${feature}`}>
                    {featureText[feature].description}
                  </span>
                </div>
                <button
                  type="button"
                  role="switch"
                  aria-checked={feature === "privacy"}
                  aria-labelledby={`consent-${feature}-label`}
                  aria-describedby={`consent-${feature}`}
                  className="consent-switch"
                  disabled={feature === "privacy"}
                  data-feature={feature}
                >
                  <span className="consent-switch__knob" aria-hidden="true" />
                  <span className="consent-switch__text">{feature === "privacy" ? "On" : "Off"}</span>
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="consent-explain"
            aria-expanded="false"
            aria-controls="consent-toggles"
          >
            What each choice means
          </button>
          <div className="consent-live" role="status" aria-live="polite" />
          <div className="consent-actions">
            <button type="button" className="button button--ghost button--compact" data-consent="essential">
              Essential Only
            </button>
            <button type="button" className="button button--primary button--compact" data-consent="selected">
              Continue with Selected Features
            </button>
          </div>
          <p className="consent-dialog__foot">
            Change your mind any time from the privacy choices at the foot of every page. The{" "}
            <a href="/privacy-policy">privacy policy</a> says what each choice means.
          </p>
        </div>
      </dialog>
      {/* At the foot of the page, after the footer, never over it: a notice or badge fixed on
          screen covered buttons and text. */}
      <div className="consent-bar">
        <div className="consent-toast" role="status" aria-live="polite" />
      </div>
    </>
  );
}
