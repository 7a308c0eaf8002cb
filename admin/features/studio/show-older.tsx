/**
 * The button under a list the Studio loads a page at a time (its history, its activity): there
 * only while older entries remain, and saying so while it loads them.
 */
export function ShowOlder({
  more,
  loading,
  onClick,
  label,
}: {
  more: boolean;
  loading: boolean;
  onClick: () => void;
  label: string;
}) {
  if (!more) return null;
  return (
    <button type="button" className="button button--ghost" onClick={onClick} disabled={loading}>
      {loading ? "Loading…" : label}
    </button>
  );
}
