import { Component, type ErrorInfo, type ReactNode } from "react";
import { useFacts } from "../../content/content-context";

/**
 * The gallery's own error boundary: a crash inside the browsing tools
 * leaves the rest of the page standing and offers 'Try Again' and a call button.
 */
export class GalleryErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn("The gallery crashed", error.message, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="gallery-empty" role="alert">
        <h2>Gallery Error</h2>
        <p>Something went wrong. Please refresh and try again.</p>
        <div className="button-row button-row--center">
          <button
            type="button"
            className="button button--primary"
            onClick={() => this.setState({ failed: false })}
          >
            Try Again
          </button>
          <CallButton />
        </div>
      </div>
    );
  }
}

/** The boundary is a class (no hooks), so the studio's number comes from this small component. */
function CallButton() {
  const { studio, telHref } = useFacts();
  return (
    <a className="button button--ghost" href={telHref}>
      Call {studio.phone.display}
    </a>
  );
}
