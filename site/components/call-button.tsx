import { useFacts } from "../content/content-context";

/** The studio's number as a button: the call most pages' call to action offers first. */
export function CallButton({ ghost = false }: { ghost?: boolean }) {
  const { studio, telHref } = useFacts();
  return (
    <a href={telHref} className={`button ${ghost ? "button--ghost" : "button--primary"}`}>
      Call {studio.phone.display}
    </a>
  );
}
