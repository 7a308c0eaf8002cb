import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { AuthProvider } from "./app/auth";
import { AdminRoutes } from "./app/routes";

/**
 * The sign-in screen as its first render draws it for a browser with no session: written into
 * the admin's page at build time (scripts/build.mjs), so a phone sees the form as soon as the
 * page and its stylesheet arrive, and the script, when it comes, hydrates the same markup.
 */
export function renderSignIn(): string {
  return renderToString(
    <AuthProvider initial={{ status: "signed-out", ended: false }}>
      <StaticRouter location="/admin/login">
        <AdminRoutes />
      </StaticRouter>
    </AuthProvider>,
  );
}
