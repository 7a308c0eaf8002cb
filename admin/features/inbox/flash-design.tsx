import { thumbnailOf } from "../../lib/content-thumbnail";

/** A flash design a request names, as the list answer describes it. */
export interface DesignReference {
  id: string;
  title: string | null;
  image: unknown;
  onSheet: boolean;
  status: string | null;
}

/**
 * The design the client asked for: its picture and title, and its id (the one the sheet and the
 * Studio use). A design since taken off the sheet says so; one deleted outright is only its id.
 */
export function FlashDesign({ reference }: { reference: DesignReference }) {
  const thumb = reference.image ? thumbnailOf({ image: reference.image }) : null;
  return (
    <span className="admin-design">
      {thumb ? <img className="admin-design__thumb" src={thumb} alt="" width={56} height={56} /> : null}
      <span>
        {reference.title ? (
          <>
            <span className="admin-design__title">{reference.title}</span>{" "}
          </>
        ) : null}
        <span className="admin-muted">{reference.id}</span>
        {reference.onSheet ? (
          reference.status === "claimed" ? (
            <span className="admin-muted"> · claimed</span>
          ) : null
        ) : (
          <span className="admin-design__gone">No longer on the flash sheet</span>
        )}
      </span>
    </span>
  );
}
