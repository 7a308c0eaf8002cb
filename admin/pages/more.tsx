import { Link } from "react-router";
import { AdminPage } from "../components/admin-page";

const places = [
  {
    to: "/admin/notifications",
    title: "Notifications",
    about: "Notices on this phone or computer for new requests, answers, deposits and sessions.",
  },
  {
    to: "/admin/dashboard",
    title: "Site insights",
    about: "Visits and requests, the path from request to session, search and speed, experiments.",
  },
  { to: "/admin/security", title: "Sign-in and passkeys", about: "The passkeys that sign you in." },
  { to: "/admin/test", title: "System checks", about: "Whether the site's services answer." },
];

/** Everything outside the daily path, one tap away. */
export function MorePage() {
  return (
    <AdminPage eyebrow="Studio admin" title="More">
      <ul className="more-list">
        {places.map((place) => (
          <li key={place.to}>
            <Link to={place.to} className="more-list__link">
              <span className="more-list__title">{place.title}</span>
              <span className="more-list__about">{place.about}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
