import { useCallback, useEffect, useRef, useState } from "react";
import { NavLink, useParams } from "react-router";
import {
  type Drafts,
  errorsBySection,
  History,
  loadDrafts,
  PublishBar,
  SectionEditor,
  studioSections,
} from "../features/studio";

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
  // Unsaved edits by section, so moving to another tab and back loses nothing typed.
  const unsaved = useRef<Record<string, unknown>>({});
  const keepUnsaved = useCallback(
    (section: string) => (data: unknown) => {
      unsaved.current[section] = data;
    },
    [],
  );

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
      {failure ? (
        <p className="admin-alert" role="alert">
          {failure}
        </p>
      ) : null}
      {drafts && current ? (
        <PublishBar
          version={drafts.version}
          publishedAt={drafts.publishedAt}
          unpublished={drafts.unpublished}
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
          onSaved={(saved) => {
            delete unsaved.current[current.name];
            setDrafts((all) =>
              all
                ? {
                    ...all,
                    sections: { ...all.sections, [current.name]: saved },
                    unpublished: [...new Set([...all.unpublished, current.name])],
                  }
                : all,
            );
          }}
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
            void reload();
          }}
        />
      ) : null}
    </div>
  );
}
