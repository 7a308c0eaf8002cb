import { seoMessages, type VitalName, vitalNames, vitalRating } from "../../../shared/admin";
import { DataTable } from "../../components/data-table";
import type { Vitals } from "./api";

const formatVital = (name: VitalName, value: number) =>
  name === "CLS"
    ? value.toFixed(2)
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${Math.round(value)} ms`;

/** The 75th percentile of each web vital per page, as this site's own visitors measured them. */
export function VitalsSection({ vitals, failed }: { vitals: Vitals | null; failed: boolean }) {
  return (
    <section aria-labelledby="vitals-title" className="admin-subpanel">
      <h3 id="vitals-title">Field data: 75th percentile per page, last 28 days</h3>
      <p className="admin-muted">From real visitors' browsers (web-vitals), collected by this site.</p>
      {failed ? <p className="admin-alert">N/A — {seoMessages.unavailable}</p> : null}
      {vitals && vitals.pages.length === 0 ? (
        <p className="admin-muted">N/A — no web-vitals reports in the last 28 days yet.</p>
      ) : null}
      {vitals && vitals.pages.length > 0 ? (
        <DataTable label="Field data per page" columns={["Page", ...vitalNames]}>
          {vitals.pages.map((page) => (
            <tr key={page.path}>
              <th scope="row">{page.path}</th>
              {vitalNames.map((name) => {
                const m = page.metrics[name];
                return (
                  <td
                    key={name}
                    className={m ? `admin-rating admin-rating--${vitalRating(name, m.p75)}` : undefined}
                  >
                    {m ? (
                      <>
                        {formatVital(name, m.p75)} <span className="admin-muted">({m.samples})</span>
                      </>
                    ) : (
                      "N/A"
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
