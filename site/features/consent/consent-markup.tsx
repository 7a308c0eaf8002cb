import { featureText, presets } from "./consent-options";
import type { ConsentFeature } from "./consent-store";
import "./consent.css";

/**
 * The privacy dialog, closed: written by the build to /consent-dialog.txt and added to the page
 * by its plain script after the first paint (consent-dialog.ts), which opens it from the privacy
 * strip or any `data-open-privacy` control, keeps its switches in step and saves the choice, so
 * no page needs React for it. The switches start at essential only, the choice of a visitor who
 * has not chosen yet.
 */
export function ConsentMarkup() {
  return (
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
          Change your mind any time from the privacy choices at the top of every page. The{" "}
          <a href="/privacy-policy">privacy policy</a> says what each choice means.
        </p>
      </div>
    </dialog>
  );
}

/**
 * The privacy choice, in the page's flow under the header of every page and in its first paint:
 * a dialog that opened over the page a second after it loaded covered what the visitor came to
 * read, and a badge after the footer was found only at the end of a page. The strip is the same
 * size before and after a choice (both states share one grid cell, the one not in force kept
 * invisible), so the script swapping one for the other moves nothing. Without JavaScript there
 * is nothing personal to allow, and the strip is not offered (js-only).
 */
export function ConsentStrip() {
  return (
    <section className="consent-strip js-only" aria-label="Privacy choices">
      <div className="consent-strip__inner">
        <div className="consent-strip__ask">
          <p>
            <span className="consent-strip__mark" aria-hidden="true">
              ✦
            </span>{" "}
            Privacy
            <span className="consent-strip__more">: nothing personal happens here without your say-so</span>
          </p>
          <div className="consent-strip__buttons">
            <button type="button" className="button button--ghost button--small" data-consent="essential">
              Essential only
            </button>
            <button type="button" className="button button--primary button--small" data-open-privacy>
              Choose features
            </button>
          </div>
        </div>
        <div className="consent-strip__chosen">
          <p>
            <span className="consent-strip__mark" aria-hidden="true">
              ✦
            </span>{" "}
            Privacy: <span className="consent-strip__summary">Essential only</span>
          </p>
          <div className="consent-strip__buttons">
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label="Change privacy choices"
              data-open-privacy
            >
              Change
            </button>
          </div>
        </div>
        <div className="consent-toast" role="status" aria-live="polite" />
      </div>
    </section>
  );
}
