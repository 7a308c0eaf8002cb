import { useEffect, useRef, useState } from "react";
import "./aftercare-tools.css";

/** Care timer presets: the waits the aftercare guide names. */
const carePresets = [
  { name: "Gentle Cleaning", seconds: 180 },
  { name: "Moisturizing", seconds: 120 },
  { name: "Visual Inspection", seconds: 300 },
] as const;

/** m:ss, two-digit seconds. */
function formatCountdown(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

interface Running {
  name: string;
  remaining: number;
}

/**
 * One care timer at a time. Counts down each second; at the end it stops, resets to 0:00 and
 * announces completion in a live region and a visible notice (not a blocking browser alert).
 */
export function CareTimer() {
  const [running, setRunning] = useState<Running | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const isRunning = running !== null;
  useEffect(() => {
    if (!isRunning) return;
    const tick = setInterval(() => {
      setRunning((current) => (current ? { ...current, remaining: current.remaining - 1 } : null));
    }, 1000);
    return () => clearInterval(tick);
  }, [isRunning]);

  // At the last second the timer stops, shows 0:00 and says which session is complete.
  useEffect(() => {
    if (running && running.remaining <= 0) {
      setNotice(`${running.name} session complete.`);
      setRunning(null);
    }
  }, [running]);

  // The completion notice fades after a while; the live region has already announced it.
  useEffect(() => {
    if (!notice) return;
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), 8000);
    return () => clearTimeout(noticeTimer.current);
  }, [notice]);

  return (
    <section className="care-timer js-only" aria-labelledby="care-timer-title">
      <h3 id="care-timer-title">Care timer</h3>
      <p className="care-timer__hint">Pick a step and follow along; one timer runs at a time.</p>
      <div className="auto-grid care-timer__presets">
        {carePresets.map((preset) => (
          <button
            key={preset.name}
            type="button"
            className="care-timer__preset"
            disabled={isRunning}
            onClick={() => {
              setNotice(null);
              setRunning({ name: preset.name, remaining: preset.seconds });
            }}
          >
            <span className="care-timer__preset-name">{preset.name}</span>
            <span className="care-timer__preset-time">{formatCountdown(preset.seconds)}</span>
          </button>
        ))}
      </div>
      <div className="care-timer__display" aria-live="off">
        <span className="care-timer__label">{running ? running.name : "No timer running"}</span>
        <span className="care-timer__time" data-testid="care-timer-time">
          {formatCountdown(running?.remaining ?? 0)}
        </span>
      </div>
      {isRunning ? (
        <button
          type="button"
          className="button button--ghost care-timer__stop"
          onClick={() => setRunning(null)}
        >
          Stop Timer
        </button>
      ) : null}
      <p className="care-timer__notice" role="status" aria-live="polite">
        {notice ?? ""}
      </p>
    </section>
  );
}
