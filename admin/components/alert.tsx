import type { ReactNode } from "react";

/**
 * A failure the artist must see, announced at once by screen readers. Nothing is rendered while
 * there is none, so a screen can pass its error state as it is: `<Alert>{error}</Alert>`.
 */
export function Alert({ children, id }: { children: ReactNode; id?: string }) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <p id={id} className="admin-alert" role="alert">
      {children}
    </p>
  );
}
