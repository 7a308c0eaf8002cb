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

/**
 * What came of the artist's last action under a form or panel: the failure as an alert, and the
 * success notice in a status line screen readers read out politely. The status line is always
 * rendered, empty or not, because a live region only announces changes made after it appeared.
 */
export function ActionOutcome({
  error,
  notice,
  noticeClass,
}: {
  error: string | null;
  notice: string | null;
  noticeClass: string;
}) {
  return (
    <>
      <Alert>{error}</Alert>
      <p className={noticeClass} role="status">
        {notice}
      </p>
    </>
  );
}
