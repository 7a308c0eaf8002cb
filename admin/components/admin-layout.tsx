import { Link, NavLink, Outlet, useLocation } from "react-router";

const sections = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/consultations", label: "Requests & messages" },
  { to: "/admin/test", label: "System checks" },
];

export function AdminLayout() {
  const { pathname } = useLocation();
  const signingIn = pathname === "/admin" || pathname === "/admin/" || pathname === "/admin/login";
  return (
    <div className="admin-shell">
      <header className="admin-header">
        <Link to="/" reloadDocument className="admin-brand">
          <span aria-hidden="true">✦</span> Gilded Needle{" "}
          <span className="admin-brand__tag">Studio admin</span>
        </Link>
        {signingIn ? null : (
          <nav aria-label="Admin">
            <ul className="admin-nav">
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} className="admin-nav__link">
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
