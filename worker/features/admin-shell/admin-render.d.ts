// The admin's drawing of Today (admin/render-today.tsx), bundled into the worker by an alias in
// the Vite configs. Declared here rather than imported by path so that the worker's type check
// does not read the admin's sources, which are checked under DOM types in their own project.
declare module "virtual:admin-render" {
  import type { AdminUser } from "../../../shared/admin-session";

  /** Today's screen inside the admin's frame, as the admin's first render draws it from these answers. */
  export function renderToday(drawn: { user: AdminUser; today: unknown }): string;
}
