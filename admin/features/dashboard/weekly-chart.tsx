import type { Overview } from "./api";

/**
 * Requests per week for the last 12 weeks: the bars are SVG (no inline styles under the CSP), the
 * figures and dates under them are HTML in a grid of the same columns, so their text keeps its
 * real size on a phone instead of shrinking with the drawing.
 */
export function WeeklyChart({ weeks }: { weeks: Overview["weeks"] }) {
  const max = Math.max(1, ...weeks.map((w) => w.consultations + w.contacts));
  const width = 600;
  const height = 160;
  const slot = width / weeks.length;
  const bar = slot * 0.6;
  const y = (n: number) => (n / max) * (height - 4);
  const short = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
  return (
    <figure className="admin-chart">
      <figcaption>
        <h3>Submissions per week, last 12 weeks</h3>
        <span className="admin-legend">
          <span className="admin-legend__swatch admin-legend__swatch--consultations" aria-hidden="true" />{" "}
          Consultation requests
          <span className="admin-legend__swatch admin-legend__swatch--contacts" aria-hidden="true" /> Contact
          messages
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby="chart-desc"
        className="admin-chart__svg"
      >
        <desc id="chart-desc">
          {weeks
            .map((w) => `Week of ${short(w.weekStart)}: ${w.consultations} requests, ${w.contacts} messages`)
            .join("; ")}
        </desc>
        <line x1="0" x2={width} y1={height} y2={height} className="admin-chart__axis" />
        {weeks.map((w, i) => {
          const x = i * slot + (slot - bar) / 2;
          const hc = y(w.consultations);
          const hm = y(w.contacts);
          return (
            <g key={w.weekStart}>
              <rect
                x={x}
                y={height - hc}
                width={bar}
                height={hc}
                className="admin-chart__bar admin-chart__bar--consultations"
              />
              <rect
                x={x}
                y={height - hc - hm}
                width={bar}
                height={hm}
                className="admin-chart__bar admin-chart__bar--contacts"
              />
            </g>
          );
        })}
      </svg>
      {/* The drawing's description already reads every week out; this is its visible key. */}
      <ol className="admin-chart__weeks" aria-hidden="true">
        {weeks.map((w) => (
          <li key={w.weekStart}>
            <span className="admin-chart__value">{w.consultations + w.contacts}</span>
            <span className="admin-chart__label">{short(w.weekStart)}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
