import { useId, useState } from "react";
import { featureText } from "./consent-options";
import type { ConsentFeature, FeatureFlags } from "./consent-store";
import { type LocationSupport, locationPermissionMessages } from "./location-permission";

/**
 * The dialog's four switches. On a phone each feature shows its name only, and one disclosure
 * shows what all four mean, so the dialog's own buttons fit on the first screen; each switch
 * keeps its full description as its accessible description either way.
 */
export function ConsentToggles({
  choice,
  support,
  busy,
  onToggle,
}: {
  choice: FeatureFlags;
  support: LocationSupport;
  busy: boolean;
  onToggle: (feature: ConsentFeature) => void;
}) {
  const [explained, setExplained] = useState(false);
  const baseId = useId();
  const listId = `${baseId}-list`;
  return (
    <>
      <ul
        id={listId}
        className={explained ? "consent-toggles consent-toggles--explained" : "consent-toggles"}
      >
        {(Object.keys(featureText) as ConsentFeature[]).map((feature) => {
          const locked = feature === "privacy";
          const unavailable = feature === "location" && (support === "unsupported" || support === "denied");
          const descriptionId = `${baseId}-${feature}`;
          return (
            <li key={feature} className="consent-toggle">
              <div>
                <span className="consent-toggle__label" id={`${descriptionId}-label`}>
                  {featureText[feature].label}
                </span>
                <span
                  className={
                    unavailable
                      ? "consent-toggle__description consent-toggle__description--alert"
                      : "consent-toggle__description"
                  }
                  id={descriptionId}
                >
                  {featureText[feature].description}
                  {unavailable
                    ? ` ${support === "denied" ? locationPermissionMessages.previouslyDenied : locationPermissionMessages.unsupported}`
                    : ""}
                </span>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={choice[feature]}
                aria-labelledby={`${descriptionId}-label`}
                aria-describedby={descriptionId}
                className="consent-switch"
                disabled={locked || busy || (unavailable && !choice.location)}
                onClick={() => onToggle(feature)}
                data-feature={feature}
              >
                <span className="consent-switch__knob" aria-hidden="true" />
                <span className="consent-switch__text">{choice[feature] ? "On" : "Off"}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="consent-explain"
        aria-expanded={explained}
        aria-controls={listId}
        onClick={() => setExplained((value) => !value)}
      >
        {explained ? "Hide what each choice means" : "What each choice means"}
      </button>
    </>
  );
}
