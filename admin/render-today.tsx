import { renderToString } from "react-dom/server";
import { StaticRouter, useRoutes } from "react-router";
import { AuthProvider } from "./app/auth";
import { adminRouteTree, ScreenFrame } from "./app/route-tree";
import { type DrawnToday, DrawnTodayContext } from "./features/today";
import { TodayPage } from "./pages/today";

const routes = adminRouteTree([
  [
    "today",
    <ScreenFrame key="today">
      <TodayPage />
    </ScreenFrame>,
  ],
]);

function TodayRoutes() {
  return useRoutes(routes);
}

/**
 * Today as the admin's first render draws it for the signed-in artist, from the answers the
 * session check and Today's own address give: the worker writes it into the page it serves for
 * /admin/today, so her phone shows her day with the page instead of after the admin's script,
 * which then takes the drawing over (admin/main.tsx) with the same answers.
 */
export function renderToday(drawn: DrawnToday): string {
  return renderToString(
    <AuthProvider initial={{ status: "signed-in", user: drawn.user }}>
      <DrawnTodayContext value={{ today: drawn.today, release: () => {} }}>
        <StaticRouter location="/admin/today">
          <TodayRoutes />
        </StaticRouter>
      </DrawnTodayContext>
    </AuthProvider>,
  );
}
