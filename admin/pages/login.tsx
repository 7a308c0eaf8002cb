import { Link } from "react-router";

export function LoginPage() {
  return (
    <section className="admin-page admin-page--narrow" aria-labelledby="admin-title">
      <h1 id="admin-title">Admin sign in</h1>
      <p className="admin-muted">The studio's private area. Sign in with the artist's account.</p>
      <p>
        <Link to="/" reloadDocument>
          Back to the website
        </Link>
      </p>
    </section>
  );
}
