import { type FormEvent, useEffect, useState } from "react";
import { textPlaceholders, textTemplateMax, textTemplateNames } from "../../../shared/schemas/texts";
import { ActionButton } from "../../components/action-button";
import { ActionOutcome } from "../../components/alert";
import { ApiFailure } from "../../lib/api";
import { useAction } from "../../lib/use-action";
import {
  loadTextSettings,
  previewTexts,
  saveTextSettings,
  type TextPreviews,
  type TextSettings,
} from "./api";

const templateLabels: Record<(typeof textTemplateNames)[number], string> = {
  reminder: "Reminder before a session",
  code: "Code to confirm a number",
  help: "Answer to HELP",
  stop: "Answer to STOP",
  start: "Answer to START",
};

/**
 * The studio's text reminders: how many hours before a session each goes, the quiet hours in
 * which none is sent, and the words of each text, with placeholders, previewed filled in. The
 * server checks everything again; its field messages show under each field.
 */
export function TextSettingsPanel() {
  const [configured, setConfigured] = useState<boolean | null>(null);
  const [settings, setSettings] = useState<TextSettings | null>(null);
  const [hours, setHours] = useState("");
  const [previews, setPreviews] = useState<TextPreviews | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const { busy, error, notice, setNotice, run: runAction, failedTo } = useAction();

  useEffect(() => {
    loadTextSettings()
      .then((view) => {
        setConfigured(view.configured);
        setSettings(view.settings);
        setHours(view.settings.reminderHours.join(", "));
      })
      .catch(failedTo("load the text settings"));
  }, []);

  if (!settings) return <ActionOutcome error={error} notice={null} noticeClass="admin-card__notice" />;

  const edited = (): TextSettings => ({
    ...settings,
    reminderHours: hours
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number),
  });

  async function run(action: "save" | "preview") {
    setFields({});
    await runAction(
      async () => {
        if (action === "preview") setPreviews((await previewTexts(edited().templates)).previews);
        else {
          const view = await saveTextSettings(edited());
          setSettings(view.settings);
          setHours(view.settings.reminderHours.join(", "));
          setNotice("Saved. Reminders not yet sent follow the new settings.");
        }
      },
      `Could not ${action}`,
      (failure) => failure instanceof ApiFailure && setFields(failure.fields),
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run("save");
  };
  const fieldError = (path: string, id: string) =>
    fields[path] ? (
      <span className="admin-field-error" id={`${id}-error`}>
        {fields[path]}
      </span>
    ) : null;
  const described = (path: string, id: string, hint?: string) =>
    [hint, fields[path] ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <section className="admin-texts-settings" aria-labelledby="text-settings-title">
      <h2 id="text-settings-title">Text reminders</h2>
      <p className="admin-muted">
        {configured
          ? "Clients who confirm a mobile number on their request's page get their reminders by text instead of e-mail."
          : "No text provider is set up (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM): reminders go by e-mail. You can still prepare the texts."}
      </p>
      <form className="admin-texts-settings__form" onSubmit={submit} noValidate>
        <div className="admin-schedule__field">
          <label htmlFor="text-hours">Hours before the session (up to three, e.g. 48, 2)</label>
          <input
            id="text-hours"
            className="form-control"
            inputMode="numeric"
            value={hours}
            onChange={(event) => setHours(event.target.value)}
            aria-invalid={Boolean(fields.reminderHours)}
            aria-describedby={described("reminderHours", "text-hours")}
          />
          {fieldError("reminderHours", "text-hours")}
        </div>
        <fieldset className="admin-texts-settings__quiet">
          <legend>Quiet hours (studio time): no text is sent</legend>
          <p className="admin-muted" id="text-quiet-hint">
            A reminder due then goes when they end, if that is still 30 minutes before the session; otherwise
            30 minutes before they begin.
          </p>
          {(["quietFrom", "quietUntil"] as const).map((key) => (
            <div className="admin-schedule__field" key={key}>
              <label htmlFor={`text-${key}`}>{key === "quietFrom" ? "From" : "Until"}</label>
              <input
                id={`text-${key}`}
                className="form-control"
                type="time"
                value={settings[key]}
                onChange={(event) => setSettings({ ...settings, [key]: event.target.value })}
                aria-invalid={Boolean(fields[key])}
                aria-describedby={described(key, `text-${key}`, "text-quiet-hint")}
              />
              {fieldError(key, `text-${key}`)}
            </div>
          ))}
        </fieldset>
        {textTemplateNames.map((name) => {
          const id = `text-template-${name}`;
          const value = settings.templates[name];
          const preview = previews?.[name];
          return (
            <div className="admin-schedule__field" key={name}>
              <label htmlFor={id}>{templateLabels[name]}</label>
              <textarea
                id={id}
                className="form-control"
                rows={3}
                maxLength={textTemplateMax}
                value={value}
                onChange={(event) => {
                  setSettings({
                    ...settings,
                    templates: { ...settings.templates, [name]: event.target.value },
                  });
                  // A preview of words no longer there would mislead: it goes until previewed again.
                  if (previews) setPreviews({ ...previews, [name]: undefined });
                }}
                aria-invalid={Boolean(fields[`templates.${name}`])}
                aria-describedby={described(`templates.${name}`, id, `${id}-hint`)}
              />
              <span className="admin-muted" id={`${id}-hint`}>
                {value.length}/{textTemplateMax} ·{" "}
                {textPlaceholders[name].allowed.map((p) => `{${p}}`).join(" ")}
              </span>
              {fieldError(`templates.${name}`, id)}
              {preview ? (
                <output className="admin-texts-settings__preview" htmlFor={id}>
                  {preview.text} <span className="admin-muted">({preview.length} characters)</span>
                </output>
              ) : null}
            </div>
          );
        })}
        <p className="admin-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Save text settings
          </button>
          <ActionButton look="ghost" disabled={busy} onClick={() => run("preview")}>
            Preview the texts
          </ActionButton>
        </p>
      </form>
      <ActionOutcome error={error} notice={notice} noticeClass="admin-card__notice" />
    </section>
  );
}
