export function ConsultationsPage() {
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <h1 id="admin-title">Consultation requests and contact messages</h1>
      <p className="admin-muted">Every request and message, with its status.</p>
    </section>
  );
}
