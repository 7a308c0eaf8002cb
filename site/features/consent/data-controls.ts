import { allStoredData } from "../../lib/browser-storage";
import { deleteAllData, readConsent, revokeConsent, subscribeConsent } from "./consent-store";

/** Makes the privacy policy's data controls (privacy-data-controls.tsx) work; plain DOM code. */
export function startDataControls(section: HTMLElement): void {
  const message = section.querySelector<HTMLElement>(".privacy-controls__message");
  const withdraw = section.querySelector<HTMLButtonElement>('[data-privacy-action="withdraw"]');
  const say = (text: string) => {
    if (message) message.textContent = text;
  };
  const syncWithdraw = () => {
    if (withdraw) withdraw.hidden = readConsent() === null;
  };

  function exportData() {
    const data = { exportedAt: new Date().toISOString(), site: window.location.origin, ...allStoredData() };
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "gilded-needle-my-data.json";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say("Your data was downloaded as gilded-needle-my-data.json.");
  }

  section.addEventListener("click", (event) => {
    const action = (event.target as Element).closest<HTMLElement>("[data-privacy-action]")?.dataset
      .privacyAction;
    if (action === "export") exportData();
    else if (action === "delete") {
      deleteAllData();
      say("All data this site kept in your browser has been deleted.");
    } else if (action === "withdraw") {
      revokeConsent();
      say("Consent withdrawn. Your session data has been cleared.");
    }
  });
  subscribeConsent(syncWithdraw);
  syncWithdraw();
}
