export function DashboardPage() {
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <h1 id="admin-title">Dashboard</h1>
      <p className="admin-muted">Totals, pending items and the site's own performance figures.</p>
    </section>
  );
}
