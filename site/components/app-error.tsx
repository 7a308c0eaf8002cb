import { useFacts } from "../content/content-context";

/**
 * The app-level crash screen: something went wrong, but the studio is
 * still reachable by phone, and a refresh usually mends it.
 */
export function AppError() {
  const { studio, telHref } = useFacts();
  return (
    <main id="main" className="app-error">
      <div className="app-error__card">
        <p className="eyebrow">{studio.name}</p>
        <h1>Something went wrong</h1>
        <p>
          This page hit a snag, but we're still here to help. Call the studio or refresh the page to try
          again.
        </p>
        <div className="button-row">
          <a href={telHref} className="button button--primary">
            Call now: {studio.phone.display}
          </a>
          <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
            Refresh the page
          </button>
        </div>
      </div>
    </main>
  );
}
