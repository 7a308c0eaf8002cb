import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="admin-page" aria-labelledby="admin-title">
      <h1 id="admin-title">Page not found</h1>
      <p>
        This admin page does not exist. <Link to="/admin/today">Go to Today</Link>.
      </p>
    </section>
  );
}
