/** A stored UTC timestamp in the artist's local time, or a dash when there is none. */
export const formatDateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString("en-US", {
        dateStyle: "medium",
        timeStyle: "short",
      })
    : "—";
