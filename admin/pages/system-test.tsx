export function SystemTestPage() {
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <h1 id="admin-title">System tests</h1>
      <p className="admin-muted">Checks of the worker, the database, the cache and the client services.</p>
    </section>
  );
}
