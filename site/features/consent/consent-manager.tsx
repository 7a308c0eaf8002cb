import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { badgeText } from "./badge-text";
import { onOpenConsentDialog } from "./consent-events";
import { consentTimings, presets } from "./consent-options";
import {
  type ConsentFeature,
  essentialOnly,
  type FeatureFlags,
  readConsent,
  saveConsent,
  useConsent,
} from "./consent-store";
import { ConsentToggles } from "./consent-toggles";
import {
  type LocationSupport,
  locationPermissionMessages,
  locationSupport,
  requestLocationPermission,
} from "./location-permission";
import "./consent.css";

type NoticeType = "success" | "error" | "info";
interface Notice {
  type: NoticeType;
  text: string;
  id: number;
}

/**
 * The 'Your Privacy, Your Choice' dialog and the consent badge. It opens 1 s after a first
 * visit, saves essential-only on X, Escape or 'Essential Only', saves the chosen features on
 * 'Continue with Selected Features' and reloads 1.5 s later. The badge appears at the foot of
 * the page 3 s after consent is stored and reopens the dialog. Focus stays inside the dialog.
 */
export function ConsentManager() {
  const consent = useConsent();
  const [open, setOpen] = useState(false);
  const [badge, setBadge] = useState(false);
  const [choice, setChoice] = useState<FeatureFlags>(essentialOnly);
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [support, setSupport] = useState<LocationSupport>("unknown");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();

  const show = useCallback((type: NoticeType, text: string) => setNotice({ type, text, id: Date.now() }), []);

  const openDialog = useCallback(() => {
    setChoice(readConsent()?.features ?? essentialOnly);
    setOpen(true);
  }, []);

  // First visit: open 1 s after load when nothing is stored.
  useEffect(() => {
    if (readConsent()) return;
    const timer = setTimeout(openDialog, consentTimings.openAfterMs);
    return () => clearTimeout(timer);
  }, [openDialog]);

  useEffect(() => onOpenConsentDialog(openDialog), [openDialog]);

  // The badge appears 3 s after consent is stored and goes when it is withdrawn.
  const hasConsent = consent !== null;
  useEffect(() => {
    if (!hasConsent) {
      setBadge(false);
      return;
    }
    const timer = setTimeout(() => setBadge(true), consentTimings.badgeAfterMs);
    return () => clearTimeout(timer);
  }, [hasConsent]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), consentTimings.noticeMs);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      void locationSupport().then(setSupport);
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const saveEssential = () => {
    if (!saveConsent(essentialOnly)) {
      show("error", "Failed to save preferences. Please try again.");
      return;
    }
    setOpen(false);
    show("info", "Essential features only enabled");
  };

  const saveSelected = () => {
    setSaving(true);
    // Let 'Saving...' paint before the synchronous write.
    setTimeout(() => {
      if (!saveConsent(choice)) {
        setSaving(false);
        show("error", "Failed to save preferences. Please try again.");
        return;
      }
      show("success", "Preferences saved successfully!");
      setOpen(false);
      setTimeout(() => window.location.reload(), consentTimings.reloadAfterMs);
    }, 50);
  };

  const toggle = async (feature: ConsentFeature) => {
    if (feature === "privacy") return;
    if (feature === "location" && !choice.location) {
      setAsking(true);
      const result = await requestLocationPermission();
      setAsking(false);
      show(result.granted ? "success" : "error", result.message);
      if (result.granted) setChoice((c) => ({ ...c, location: true }));
      else setSupport(await locationSupport());
      return;
    }
    setChoice((c) => ({ ...c, [feature]: !c[feature] }));
  };

  const applyPreset = async (features: FeatureFlags) => {
    setChoice(features);
    if (!features.location || choice.location) return;
    setAsking(true);
    const result = await requestLocationPermission();
    setAsking(false);
    if (!result.granted) {
      setChoice((c) => ({ ...c, location: false }));
      show("error", locationPermissionMessages.disabledByDenial);
      setSupport(await locationSupport());
    }
  };

  // Tab and Shift+Tab wrap inside the dialog (the modal already makes the page inert).
  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusable = [
      ...(dialogRef.current?.querySelectorAll<HTMLElement>("button:not([disabled]), a[href]") ?? []),
    ];
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
  };

  const busy = saving || asking;
  const noticeView = notice ? (
    <p key={notice.id} className={`consent-notice consent-notice--${notice.type}`}>
      {notice.text}
    </p>
  ) : null;

  return (
    <>
      <dialog
        ref={dialogRef}
        className="consent-dialog"
        aria-labelledby={titleId}
        aria-describedby={introId}
        onCancel={(event) => {
          // Escape is a choice too: essential only, the same as the close button.
          event.preventDefault();
          if (!busy) saveEssential();
        }}
        onKeyDown={trapFocus}
      >
        {open ? (
          <div className="consent-dialog__body">
            <div className="consent-dialog__head">
              <h2 id={titleId}>Your Privacy, Your Choice</h2>
              <button
                type="button"
                className="consent-dialog__close"
                aria-label="Close and keep essential features only"
                onClick={saveEssential}
                disabled={busy}
              >
                ×
              </button>
            </div>
            <p id={introId} className="consent-dialog__intro">
              Nothing personal happens without your say-so. What you enable stays in this browser tab, for
              this session only.
            </p>
            <fieldset className="consent-presets">
              <legend className="consent-presets__legend">Quick presets</legend>
              {presets.map((preset) => (
                <button
                  key={preset.name}
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => void applyPreset(preset.features)}
                  disabled={busy}
                >
                  {preset.name}
                </button>
              ))}
            </fieldset>
            <ConsentToggles
              choice={choice}
              support={support}
              busy={busy}
              onToggle={(feature) => void toggle(feature)}
            />
            <div className="consent-live" role="status" aria-live="polite">
              {open ? noticeView : null}
            </div>
            <div className="consent-actions">
              <button
                type="button"
                className="button button--ghost button--compact"
                onClick={saveEssential}
                disabled={busy}
              >
                Essential Only
              </button>
              <button
                type="button"
                className="button button--primary button--compact"
                onClick={saveSelected}
                disabled={busy}
              >
                {saving ? "Saving..." : "Continue with Selected Features"}
              </button>
            </div>
            <p className="consent-dialog__foot">
              Change your mind any time from the privacy choices at the foot of every page. The{" "}
              <a href="/privacy-policy">privacy policy</a> says what each choice means.
            </p>
          </div>
        ) : null}
      </dialog>
      {/* At the foot of the page, after the footer, never over it: a notice or badge fixed on
          screen covered buttons and text. */}
      <div className="consent-bar">
        <div className="consent-toast" role="status" aria-live="polite">
          {open ? null : noticeView}
        </div>
        {badge && consent && !open ? (
          <button
            type="button"
            className="consent-badge"
            onClick={openDialog}
            aria-label={`Privacy choices: ${badgeText(consent.features)}`}
          >
            <span className="consent-badge__mark" aria-hidden="true">
              ✦
            </span>
            {/* Named in full on screen too: at the page's foot it no longer explains itself by
                floating over the page. */}
            Privacy choices: {badgeText(consent.features)}
          </button>
        ) : null}
      </div>
    </>
  );
}
