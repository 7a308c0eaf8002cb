import { useState } from "react";
import { allStoredData } from "../../lib/browser-storage";
import { openConsentDialog } from "./consent-events";
import { deleteAllData, revokeConsent } from "./consent-store";
import { useConsent } from "./use-consent";
import "./consent.css";

/**
 * The privacy policy's controls: export everything this site keeps in
 * the browser as a JSON file, delete all of it, withdraw consent, or change the choices.
 */
export function PrivacyDataControls() {
  const consent = useConsent();
  const [message, setMessage] = useState("");

  const exportData = () => {
    const data = { exportedAt: new Date().toISOString(), site: window.location.origin, ...allStoredData() };
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "gilded-needle-my-data.json";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setMessage("Your data was downloaded as gilded-needle-my-data.json.");
  };

  return (
    <section className="privacy-controls" aria-labelledby="privacy-controls-title">
      <h2 id="privacy-controls-title">Your data in this browser</h2>
      <p>
        Everything this site remembers about your visit lives in your own browser, never in a cookie. Download
        it, delete it, or change what you allow.
      </p>
      <div className="privacy-controls__buttons">
        <button type="button" className="button button--ghost button--compact" onClick={exportData}>
          Export my data
        </button>
        <button
          type="button"
          className="button button--ghost button--compact"
          onClick={() => {
            deleteAllData();
            setMessage("All data this site kept in your browser has been deleted.");
          }}
        >
          Delete my data
        </button>
        {consent ? (
          <button
            type="button"
            className="button button--ghost button--compact"
            onClick={() => {
              revokeConsent();
              setMessage("Consent withdrawn. Your session data has been cleared.");
            }}
          >
            Withdraw consent
          </button>
        ) : null}
        <button type="button" className="button button--primary button--compact" onClick={openConsentDialog}>
          Change privacy choices
        </button>
      </div>
      <p className="privacy-controls__message" role="status" aria-live="polite">
        {message}
      </p>
    </section>
  );
}
