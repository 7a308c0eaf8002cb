/** One figure with its label, and an optional line saying how it is computed. */
export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="admin-stat">
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value}</p>
      {hint ? <p className="admin-stat__hint">{hint}</p> : null}
    </div>
  );
}
