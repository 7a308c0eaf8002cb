import { useEffect, useState } from "react";
import { Alert } from "../../components/alert";
import { DataTable } from "../../components/data-table";
import { type Experiments, loadExperiments } from "./api";

/** A/B results per experiment, each variant compared with the baseline. */
export function ExperimentsPanel() {
  const [data, setData] = useState<Experiments | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadExperiments()
      .then(setData)
      .catch((e) => setError(e instanceof Error ? e.message : "Could not load experiments."));
  }, []);
  if (error) return <Alert>{error}</Alert>;
  if (!data) return <p className="admin-muted">Loading…</p>;
  if (data.experiments.length === 0) return <p className="admin-na">N/A — no A/B exposures recorded yet.</p>;
  return (
    <>
      <h2 className="admin-visually-hidden">Experiments</h2>
      {data.experiments.map((experiment) => (
        <section key={experiment.name} className="admin-subpanel" aria-label={experiment.name}>
          <h3>{experiment.name}</h3>
          <p className="admin-muted">
            Exposed and converted visitor sessions per variant; each variant is compared with "
            {experiment.baseline}" by a two-proportion z-test (significant when p &lt; 0.05).
          </p>
          <DataTable
            label={`${experiment.name} by variant`}
            columns={["Variant", "Exposures", "Conversions", "Rate", "z", "p-value", "Verdict"]}
          >
            {experiment.variants.map((v) => (
              <tr key={v.variant}>
                <th scope="row">{v.variant}</th>
                <td>{v.exposures}</td>
                <td>{v.conversions}</td>
                <td>{v.rate === null ? "N/A" : `${(v.rate * 100).toFixed(1)}%`}</td>
                <td>{v.zScore === null ? "—" : v.zScore.toFixed(2)}</td>
                <td>{v.pValue === null ? "—" : v.pValue.toFixed(4)}</td>
                <td>{verdict(v, experiment.baseline)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      ))}
    </>
  );
}

function verdict(v: Experiments["experiments"][number]["variants"][number], baseline: string | null) {
  if (v.variant === baseline) return "Baseline";
  if (v.significant === null) return "Not enough data";
  return v.significant ? "Significant" : "Not significant";
}
