import { useCallback, useEffect, useRef, useState } from "react";
import { NavLink, useNavigate, useParams } from "react-router";
import { Alert } from "../components/alert";
import {
  Activity,
  type Drafts,
  errorsBySection,
  History,
  loadDrafts,
  PublishBar,
  type SectionDraft,
  SectionEditor,
  saveSection,
  studioSections,
} from "../features/studio";
import { ApiFailure } from "../lib/api";

/**
 * The Studio: the site's content, one section per tab, saved as drafts and published together.
 * Messages from a publish that refused a field go to that section's field.
 */
export function StudioPage() {
  const { section = "portfolio" } = useParams();
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  const [failure, setFailure] = useState("");
  const [publishErrors, setPublishErrors] = useState<Record<string, Record<string, string>>>({});
  // A reload after a publish or restore gives every editor fresh drafts (and revisions).
  const [generation, setGeneration] = useState(0);
  // Unsaved edits by section, so moving to another tab and back loses nothing typed; their
  // names are state too, for Publish to ask about them.
  const unsaved = useRef<Record<string, unknown>>({});
  const [unsavedNames, setUnsavedNames] = useState<string[]>([]);
  const navigate = useNavigate();
  // One function per section for the page's life: an editor re-reports its edit only when the
  // edit changes, not on every render (a save elsewhere must not bring a forgotten edit back).
  const keepers = useRef<Record<string, (data: unknown) => void>>({});
  const keepUnsaved = (section: string) => {
    keepers.current[section] ??= (data: unknown) => {
      unsaved.current[section] = data;
      setUnsavedNames((names) => (names.includes(section) ? names : [...names, section]));
    };
    return keepers.current[section];
  };
  const forgetUnsaved = (section: string) => {
    delete unsaved.current[section];
    setUnsavedNames((names) => names.filter((name) => name !== section));
  };
  // Saves made in this tab, so the activity list shows each one as it happens.
  const [saves, setSaves] = useState(0);
  const keepSaved = (section: string, saved: SectionDraft) => {
    forgetUnsaved(section);
    setSaves((n) => n + 1);
    setDrafts((all) =>
      all
        ? {
            ...all,
            sections: { ...all.sections, [section]: saved },
            unpublished: [...new Set([...all.unpublished, section])],
          }
        : all,
    );
  };

  /**
   * Saves every section with unsaved edits, as its own Save would, before a publish. Stops at
   * the first refusal and opens that section with the server's messages at their fields.
   */
  async function saveUnsaved(): Promise<string | null> {
    for (const name of [...unsavedNames]) {
      const section = studioSections.find((s) => s.name === name);
      const draft = drafts?.sections[section?.name ?? "studio"];
      if (!section || !draft) continue;
      const data = unsaved.current[name];
      try {
        const saved = await saveSection(section.name, data, draft.revision);
        keepSaved(name, { ...draft, data, updatedAt: saved.updatedAt, revision: saved.revision });
      } catch (failure) {
        // The open editor starts again from what is now saved and unsaved.
        setGeneration((n) => n + 1);
        if (failure instanceof ApiFailure && failure.code === "validation") {
          setPublishErrors(errorsBySection(failure.fields, name));
          navigate(`/admin/studio/${name}`);
          return `${section.title} was not saved: some of its fields need attention, each says why.`;
        }
        if (failure instanceof ApiFailure && failure.status === 409) {
          navigate(`/admin/studio/${name}`);
          return `${section.title} was changed in another tab or on another device; your edit is still here. Copy what you need, then reload.`;
        }
        return `${section.title} was not saved: ${failure instanceof Error ? failure.message : "unknown error"}.`;
      }
    }
    // Every open editor now shows what is saved, with nothing left unsaved.
    setGeneration((n) => n + 1);
    return null;
  }

  const reload = useCallback(async () => {
    try {
      setDrafts(await loadDrafts());
      setGeneration((n) => n + 1);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "The content did not load.");
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const current = studioSections.find((s) => s.name === section) ?? studioSections[0];
  const draft = current && drafts?.sections[current.name];

  return (
    <div className="studio">
      <div className="admin-page__head">
        <div>
          <p className="admin-eyebrow">Studio</p>
          <h1>Your site's content</h1>
        </div>
      </div>
      <Alert>{failure}</Alert>
      {drafts && current ? (
        <PublishBar
          version={drafts.version}
          publishedAt={drafts.publishedAt}
          unpublished={drafts.unpublished}
          unsaved={unsavedNames}
          saveUnsaved={saveUnsaved}
          previewPath={current.preview}
          onPublished={() => {
            setPublishErrors({});
            void reload();
          }}
          onFieldErrors={(fields) => setPublishErrors(errorsBySection(fields))}
        />
      ) : null}
      <nav aria-label="Studio sections" className="studio-tabs">
        {studioSections.map((s) => (
          <NavLink
            key={s.name}
            to={`/admin/studio/${s.name}`}
            className="studio-tab"
            aria-current={s.name === current?.name ? "page" : undefined}
          >
            {s.title}
            {drafts?.unpublished.includes(s.name) ? (
              <span className="studio-dot" title="Not published yet">
                <span className="admin-visually-hidden">(not published yet)</span>
              </span>
            ) : null}
            {publishErrors[s.name] ? <span className="studio-flag studio-flag--error">fix</span> : null}
          </NavLink>
        ))}
      </nav>
      {!drafts && !failure ? <p className="admin-muted">Loading the content…</p> : null}
      {current && draft ? (
        <SectionEditor
          key={`${current.name}-${generation}`}
          section={current.name}
          title={current.title}
          draft={draft}
          publishErrors={publishErrors[current.name] ?? {}}
          unsaved={unsaved.current[current.name]}
          onUnsaved={keepUnsaved(current.name)}
          onSaved={(saved) => keepSaved(current.name, saved)}
        >
          {current.fields()}
        </SectionEditor>
      ) : null}
      {drafts ? (
        <History
          live={drafts.version}
          onRestored={() => {
            // The restored version replaces the drafts: edits made over the old ones would overwrite it.
            unsaved.current = {};
            setUnsavedNames([]);
            void reload();
          }}
        />
      ) : null}
      {drafts ? <Activity changes={saves + drafts.version} /> : null}
    </div>
  );
}
