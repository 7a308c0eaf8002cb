import { PanelsPage } from "../components/admin-page";
import { PasskeysPanel } from "../features/security";

/** The artist's own sign-in: her passkeys. */
export function SecurityPage() {
  return <PanelsPage eyebrow="More" title="Sign-in and passkeys" panels={[PasskeysPanel]} />;
}
