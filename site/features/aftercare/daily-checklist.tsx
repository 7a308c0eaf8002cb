import { useState } from "react";
import { dailyCareTasks } from "../../../shared/content/aftercare-guide";

const periods = [
  { key: "morning", label: "Morning" },
  { key: "evening", label: "Evening" },
] as const;

const tasks = dailyCareTasks;

type Period = (typeof periods)[number]["key"];
type Task = (typeof tasks)[number]["key"];
type Checklist = Record<Period, Record<Task, boolean>>;

const empty = (): Checklist => ({
  morning: { cleaned: false, moisturized: false, inspected: false },
  evening: { cleaned: false, moisturized: false, inspected: false },
});

/** The daily care checklist: held in the page only and not saved, so it keeps nothing personal. */
export function DailyChecklist() {
  const [checked, setChecked] = useState<Checklist>(empty);
  return (
    <section className="care-checklist" aria-labelledby="care-checklist-title">
      <h3 id="care-checklist-title">Daily checklist</h3>
      <p className="care-timer__hint">Tick as you go. Nothing is saved: it resets when you leave the page.</p>
      <div className="care-checklist__grid">
        {periods.map((period) => (
          <fieldset key={period.key} className="care-checklist__period">
            <legend>{period.label}</legend>
            {tasks.map((task) => (
              <label key={task.key} className="care-checklist__item">
                <input
                  type="checkbox"
                  checked={checked[period.key][task.key]}
                  onChange={() =>
                    setChecked((current) => ({
                      ...current,
                      [period.key]: { ...current[period.key], [task.key]: !current[period.key][task.key] },
                    }))
                  }
                />
                <span>{task.label}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </section>
  );
}
