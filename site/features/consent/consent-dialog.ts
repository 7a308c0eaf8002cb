import { badgeText } from "./badge-text";
import { consentTimings, featureText, presets } from "./consent-options";
import {
  type ConsentFeature,
  essentialOnly,
  type FeatureFlags,
  readConsent,
  saveConsent,
  subscribeConsent,
} from "./consent-store";
import {
  type LocationSupport,
  locationPermissionMessages,
  locationSupport,
  requestLocationPermission,
} from "./location-permission";

/**
 * The privacy strip and the 'Your Privacy, Your Choice' dialog, as plain DOM code, so that no
 * page loads React for them. The strip is in the page the server wrote; the dialog's markup
 * (consent-markup.tsx, written by the build to /consent-dialog.txt) is fetched once the page
 * runs its script, after the first paint: hidden until asked for, it cost every page's first
 * response 0.8 KB, enough to push a page past one round trip on a phone. The strip, under the
 * header of every page, asks a visitor who has not chosen ('Essential only', or 'Choose
 * features', which opens the dialog) and names the choice once made ('Change privacy
 * choices'). The dialog never opens by itself: over the page, it hid what the visitor came for.
 * It saves essential-only on X, Escape or 'Essential Only', saves the chosen features on
 * 'Continue with Selected Features' and reloads 1.5 s later. Focus stays inside it. Anything
 * marked data-open-privacy opens it too.
 */
type NoticeType = "success" | "error" | "info";

/** Where the build writes the dialog's markup (scripts/prerender.mjs). */
const dialogMarkupUrl = "/consent-dialog.txt";

/** The dialog's markup, added to the page once; null when it cannot be had (offline, say). */
async function loadDialog(): Promise<HTMLDialogElement | null> {
  const found = document.querySelector<HTMLDialogElement>("dialog.consent-dialog");
  if (found) return found;
  try {
    const response = await fetch(dialogMarkupUrl);
    if (!response.ok) return null;
    const markup = await response.text();
    // Another call may have added it while this one waited.
    const added = document.querySelector<HTMLDialogElement>("dialog.consent-dialog");
    if (added) return added;
    document.body.insertAdjacentHTML("beforeend", markup);
    return document.querySelector<HTMLDialogElement>("dialog.consent-dialog");
  } catch {
    return null;
  }
}

export function startConsentDialog(): void {
  const strip = document.querySelector<HTMLElement>(".consent-strip");
  const toast = strip?.querySelector<HTMLElement>(".consent-toast");
  const summary = strip?.querySelector<HTMLElement>(".consent-strip__summary");
  if (!strip || !toast || !summary) return;

  let choice: FeatureFlags = { ...essentialOnly };
  let support: LocationSupport = "unknown";
  let saving = false;
  let asking = false;
  let notice: HTMLElement | null = null;
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;

  // Filled in when the dialog's markup has arrived (below).
  let dialog: HTMLDialogElement | null = null;
  let live: HTMLElement | null = null;
  let switches: HTMLButtonElement[] = [];
  let saveButton: HTMLButtonElement | null = null;
  let explain: HTMLButtonElement | null = null;
  let list: HTMLElement | null = null;

  /** Brings every switch, button and description in line with the current state. */
  function render() {
    const busy = saving || asking;
    for (const button of dialog?.querySelectorAll<HTMLButtonElement>("[data-consent], [data-preset]") ?? [])
      button.disabled = busy;
    if (saveButton) saveButton.textContent = saving ? "Saving..." : "Continue with Selected Features";
    const unavailable = support === "unsupported" || support === "denied";
    for (const button of switches) {
      const feature = button.dataset.feature as ConsentFeature;
      const on = choice[feature];
      button.setAttribute("aria-checked", String(on));
      const text = button.querySelector(".consent-switch__text");
      if (text) text.textContent = on ? "On" : "Off";
      const locationOff = feature === "location" && unavailable;
      button.disabled = feature === "privacy" || busy || (locationOff && !choice.location);
      if (feature !== "location") continue;
      const description = document.getElementById("consent-location");
      if (!description) continue;
      const why =
        support === "denied"
          ? locationPermissionMessages.previouslyDenied
          : locationPermissionMessages.unsupported;
      description.textContent = `${featureText.location.description}${locationOff ? ` ${why}` : ""}`;
      description.classList.toggle("consent-toggle__description--alert", locationOff);
    }
  }

  /** A notice shows inside the open dialog, or in the privacy strip once it is closed. */
  function placeNotice() {
    if (notice) (dialog?.open ? live : toast)?.replaceChildren(notice);
  }

  function show(type: NoticeType, text: string) {
    clearTimeout(noticeTimer);
    notice = document.createElement("p");
    notice.className = `consent-notice consent-notice--${type}`;
    notice.textContent = text;
    live?.replaceChildren();
    toast?.replaceChildren();
    placeNotice();
    noticeTimer = setTimeout(() => {
      notice?.remove();
      notice = null;
    }, consentTimings.noticeMs);
  }

  async function open() {
    if (!dialog) await dialogReady;
    if (!dialog || dialog.open) return;
    choice = { ...(readConsent()?.features ?? essentialOnly) };
    render();
    dialog.showModal();
    placeNotice();
    render();
    void locationSupport().then((found) => {
      support = found;
      render();
    });
  }

  function close() {
    dialog?.close();
    placeNotice();
    render();
    keepFocus();
  }

  function saveEssential() {
    if (!saveConsent(essentialOnly)) {
      show("error", "Failed to save preferences. Please try again.");
      return;
    }
    close();
    show("info", "Essential features only enabled");
  }

  function saveSelected() {
    saving = true;
    render();
    // Let 'Saving...' paint before the synchronous write.
    setTimeout(() => {
      if (!saveConsent(choice)) {
        saving = false;
        render();
        show("error", "Failed to save preferences. Please try again.");
        return;
      }
      show("success", "Preferences saved successfully!");
      saving = false;
      close();
      setTimeout(() => window.location.reload(), consentTimings.reloadAfterMs);
    }, 50);
  }

  /** Turning location on asks the browser there and then; after a refusal the switch says why. */
  async function askForLocation() {
    asking = true;
    render();
    const result = await requestLocationPermission();
    asking = false;
    if (!result.granted) support = await locationSupport();
    render();
    return result;
  }

  async function toggle(feature: ConsentFeature) {
    if (feature === "privacy") return;
    if (feature === "location" && !choice.location) {
      const result = await askForLocation();
      show(result.granted ? "success" : "error", result.message);
      if (result.granted) choice = { ...choice, location: true };
    } else choice = { ...choice, [feature]: !choice[feature] };
    render();
  }

  async function applyPreset(features: FeatureFlags) {
    const hadLocation = choice.location;
    choice = { ...features };
    render();
    if (!features.location || hadLocation) return;
    if ((await askForLocation()).granted) return;
    choice = { ...choice, location: false };
    show("error", locationPermissionMessages.disabledByDenial);
    render();
  }

  /** Takes the dialog over once its markup is in the page. */
  function bind(found: HTMLDialogElement) {
    dialog = found;
    live = found.querySelector<HTMLElement>(".consent-live");
    switches = [...found.querySelectorAll<HTMLButtonElement>("[data-feature]")];
    saveButton = found.querySelector<HTMLButtonElement>('[data-consent="selected"]');
    explain = found.querySelector<HTMLButtonElement>(".consent-explain");
    list = found.querySelector<HTMLElement>(".consent-toggles");
    found.addEventListener("click", (event) => {
      const target = (event.target as Element).closest<HTMLButtonElement>("button");
      if (!target || target.disabled) return;
      if (target.dataset.consent === "essential") saveEssential();
      else if (target.dataset.consent === "selected") saveSelected();
      else if (target.dataset.feature) void toggle(target.dataset.feature as ConsentFeature);
      else if (target.dataset.preset) {
        const preset = presets[Number(target.dataset.preset)];
        if (preset) void applyPreset(preset.features);
      } else if (target === explain) {
        const explained = explain.getAttribute("aria-expanded") !== "true";
        explain.setAttribute("aria-expanded", String(explained));
        explain.textContent = explained ? "Hide what each choice means" : "What each choice means";
        list?.classList.toggle("consent-toggles--explained", explained);
      }
    });

    // Escape is a choice too: essential only, the same as the close button.
    found.addEventListener("cancel", (event) => {
      event.preventDefault();
      if (!saving && !asking) saveEssential();
    });

    // Tab and Shift+Tab wrap inside the dialog (the modal already makes the page inert).
    found.addEventListener("keydown", (event) => {
      if (event.key !== "Tab") return;
      const focusable = [...found.querySelectorAll<HTMLElement>("button:not([disabled]), a[href]")];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    });
  }

  /** The strip asks until a choice is stored, then names it; the same box either way. */
  function syncStrip() {
    const consent = readConsent();
    strip?.toggleAttribute("data-chosen", consent !== null);
    if (summary) summary.textContent = badgeText((consent ?? { features: essentialOnly }).features);
  }

  /**
   * The strip's buttons of the state no longer in force are hidden: focus on one of them (or
   * given back to one by the closing dialog) moves to the button now in its place.
   */
  function keepFocus() {
    const active = document.activeElement;
    const lost = active === document.body || (active instanceof HTMLElement && strip?.contains(active));
    if (!lost || dialog?.open) return;
    const state = strip?.hasAttribute("data-chosen") ? ".consent-strip__chosen" : ".consent-strip__ask";
    if (active instanceof HTMLElement && active.closest(state)) return;
    strip?.querySelector<HTMLButtonElement>(`${state} button`)?.focus();
  }

  strip.addEventListener("click", (event) => {
    const target = (event.target as Element).closest<HTMLButtonElement>('[data-consent="essential"]');
    if (target && !target.disabled) saveEssential();
  });
  document.addEventListener("click", (event) => {
    if ((event.target as Element).closest?.("[data-open-privacy]")) void open();
  });
  subscribeConsent(syncStrip);
  syncStrip();
  // Asked for now, after the first paint, so that it is there when the visitor asks for it.
  const dialogReady = loadDialog().then((found) => {
    if (found) bind(found);
  });
}
