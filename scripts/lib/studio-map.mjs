// The contact page's map: a stylised street plan drawn at build time from the studio's facts (its
// street, the landmarks its directions name, its coordinates), written as one small SVG the site
// serves itself. A tile map would load a third party on every visit and cannot be built offline.

const colours = {
  ground: "#151311",
  block: "#1b1815",
  lane: "#2a2520",
  road: "#4a4238",
  highway: "#6b5d48",
  water: "#14222a",
  waterEdge: "#1f3440",
  rail: "#8a7f6e",
  text: "#c9bfae",
  faint: "#a89d8b",
  gold: "#d4af37",
  ink: "#0d0c0b",
  paper: "#f1ebdf",
};

const escapeXml = (text) =>
  String(text).replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c],
  );

const degrees = (value, positive, negative) =>
  `${Math.abs(value).toFixed(4)}° ${value >= 0 ? positive : negative}`;

/** Width and height of the drawing; the page reserves this aspect so nothing moves when it loads. */
const studioMapSize = { width: 800, height: 500 };

/**
 * @param {{ shortName: string, geo: { latitude: number, longitude: number } }} studio
 * @param {{ highway: string, station: string, river: string, neighbourhood: string }} landmarks
 * @param {string} street the street the studio is on ("Main Street")
 */
export function studioMapSvg(studio, landmarks, street) {
  const { width, height } = studioMapSize;
  const mainY = 300;
  const highwayX = 190;
  const railX = 650;
  const pin = { x: 430, y: mainY };
  const serif = "Georgia, 'DejaVu Serif', serif";
  const sans = "system-ui, 'DejaVu Sans', Arial, sans-serif";

  // Side streets: a loose grid, slightly off square as old town streets are.
  const lanes = [
    `M0 ${mainY - 120} L${width} ${mainY - 135}`,
    `M0 ${mainY + 95} L${width} ${mainY + 110}`,
    `M0 ${mainY + 175} L${width} ${mainY + 185}`,
    ...[80, 300, 540, 740].map((x) => `M${x} 110 L${x + 12} ${height}`),
  ];
  const ties = [];
  for (let y = 120; y < height; y += 14) ties.push(`M${railX - 7} ${y} h14`);

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" fill="${colours.ground}"/>
  <path d="M0 70 C 160 40, 300 120, 470 80 S 700 30, ${width} 95 L${width} 0 L0 0 Z" fill="${colours.water}" stroke="${colours.waterEdge}" stroke-width="3"/>
  <text x="96" y="48" font-family="${serif}" font-style="italic" font-size="28" fill="${colours.faint}">${escapeXml(landmarks.river)}</text>
  <g stroke="${colours.lane}" stroke-width="9" stroke-linecap="round" fill="none">
    ${lanes.map((d) => `<path d="${d}"/>`).join("\n    ")}
  </g>
  <path d="M0 ${mainY} L${width} ${mainY}" stroke="${colours.road}" stroke-width="20"/>
  <path d="M${highwayX} 95 L${highwayX - 18} ${height}" stroke="${colours.highway}" stroke-width="26"/>
  <g stroke="${colours.rail}" stroke-width="2" fill="none">
    <path d="M${railX - 4} 105 V${height} M${railX + 4} 105 V${height}"/>
    <path d="${ties.join(" ")}"/>
  </g>
  <text x="${highwayX + 30}" y="${mainY + 8}" font-family="${sans}" font-size="21" font-weight="700" letter-spacing="4" fill="${colours.paper}">${escapeXml(street.toUpperCase())}</text>
  <g transform="translate(${highwayX - 12} ${mainY + 120})">
    <path d="M-32 -24 h64 v26 c0 17 -15 27 -32 34 c-17 -7 -32 -17 -32 -34 Z" fill="${colours.paper}" stroke="${colours.ink}" stroke-width="2"/>
    <text x="0" y="6" text-anchor="middle" font-family="${sans}" font-size="19" font-weight="700" fill="${colours.ink}">${escapeXml(landmarks.highway)}</text>
  </g>
  <g transform="translate(${railX} ${mainY})">
    <rect x="-16" y="-16" width="32" height="32" rx="6" fill="${colours.ink}" stroke="${colours.text}" stroke-width="2"/>
    <text x="0" y="7" text-anchor="middle" font-family="${sans}" font-size="19" font-weight="700" fill="${colours.text}">M</text>
    <text x="-26" y="48" text-anchor="end" font-family="${sans}" font-size="21" fill="${colours.text}">${escapeXml(landmarks.station)}</text>
  </g>
  <g transform="translate(${pin.x} ${pin.y})">
    <ellipse cx="0" cy="2" rx="16" ry="6" fill="${colours.ink}" opacity="0.6"/>
    <path d="M0 0 C -6 -18, -24 -30, -24 -50 A24 24 0 1 1 24 -50 C 24 -30, 6 -18, 0 0 Z" fill="${colours.gold}" stroke="${colours.ink}" stroke-width="3"/>
    <circle cx="0" cy="-50" r="9" fill="${colours.ink}"/>
    <rect x="-120" y="-130" width="240" height="50" rx="10" fill="${colours.ink}" stroke="${colours.gold}" stroke-width="2"/>
    <text x="0" y="-96" text-anchor="middle" font-family="${serif}" font-size="28" font-weight="700" fill="${colours.paper}">${escapeXml(studio.shortName)}</text>
  </g>
  <g transform="translate(${width - 44} 150)" font-family="${sans}" font-size="20" font-weight="700" fill="${colours.text}">
    <path d="M0 -26 L9 4 L0 -2 L-9 4 Z" fill="${colours.text}"/>
    <text x="0" y="28" text-anchor="middle">N</text>
  </g>
  <rect y="${height - 48}" width="${width}" height="48" fill="${colours.ground}" opacity="0.85"/>
  <text x="20" y="${height - 17}" font-family="${sans}" font-size="18" fill="${colours.faint}">${escapeXml(`${landmarks.neighbourhood} · not to scale · ${degrees(studio.geo.latitude, "N", "S")}, ${degrees(studio.geo.longitude, "E", "W")}`)}</text>
</svg>
`;
}
