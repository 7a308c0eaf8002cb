import { useEffect, useRef, useState } from "react";
import { BACKGROUND_HEADER } from "../../../shared/admin";
import { api, client } from "../../lib/api";

const consultations = client.api.admin.consultations;

/** How often an open card asks whether its request changed, while the tab is in view. */
const liveRefreshMs = 15_000;

/**
 * Keeps an open request card current while the client acts on their page (pays, books, signs,
 * answers): the request's stamp is read when the card opens, every 15 seconds while the tab is in
 * view and whenever the tab comes back, and each change of it counts one more refresh, which the
 * card's panels read their data again on (their drafts kept). `onChange` runs with each change.
 */
export function useLiveRefresh(id: string, active: boolean, onChange?: () => void): number {
  const [refresh, setRefresh] = useState(0);
  const last = useRef<string | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!active) return;
    last.current = null;
    let stopped = false;
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        // Not the artist's doing: the check must not keep her session alive on its own.
        const { version } = await api(
          consultations[":id"].version.$get({ param: { id } }, { headers: { [BACKGROUND_HEADER]: "1" } }),
        );
        if (stopped) return;
        if (last.current !== null && version !== last.current) {
          setRefresh((n) => n + 1);
          changed.current?.();
        }
        last.current = version;
      } catch {
        // A missed check is tried again at the next one; the card keeps what it shows.
      }
    };
    void check();
    const timer = setInterval(() => void check(), liveRefreshMs);
    const onVisible = () => void check();
    window.addEventListener("focus", onVisible);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("focus", onVisible);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [id, active]);
  return refresh;
}
