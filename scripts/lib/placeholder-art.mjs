// Generated placeholder artwork for pieces whose photo the artist has not supplied yet: an SVG
// per id, distinct by style family and seeded by the id so every build draws the same picture.
import { createHash } from "node:crypto";

/** A small deterministic random generator so each id always gets the same artwork. */
function seeded(id) {
  let state = Number.parseInt(createHash("sha256").update(id).digest("hex").slice(0, 8), 16) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

const escapeXml = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&apos;");

function motif(family, random, cx, cy, r) {
  const parts = [];
  const turn = Math.floor(random() * 360);
  if (family === "rings") {
    const rings = 3 + Math.floor(random() * 4);
    for (let i = 1; i <= rings; i++)
      parts.push(
        `<circle cx="${cx}" cy="${cy}" r="${(r * i) / rings}" stroke-dasharray="${i % 2 ? "0" : "6 10"}"/>`,
      );
    const petals = 6 + Math.floor(random() * 10);
    for (let i = 0; i < petals; i++)
      parts.push(
        `<ellipse cx="${cx}" cy="${cy - r * 0.55}" rx="${r * 0.12}" ry="${r * 0.42}" transform="rotate(${turn + (360 / petals) * i} ${cx} ${cy})"/>`,
      );
  } else if (family === "waves") {
    const lines = 5 + Math.floor(random() * 5);
    for (let i = 0; i < lines; i++) {
      const y = cy - r + (2 * r * i) / lines;
      const amp = 20 + random() * 50;
      parts.push(
        `<path d="M ${cx - r * 1.4} ${y} C ${cx - r * 0.7} ${y - amp}, ${cx - r * 0.2} ${y + amp}, ${cx} ${y} S ${cx + r * 0.8} ${y - amp}, ${cx + r * 1.4} ${y}"/>`,
      );
    }
    parts.push(`<circle cx="${cx + r * 0.6}" cy="${cy - r * 0.7}" r="${r * 0.25}"/>`);
  } else if (family === "flower") {
    const petals = 5 + Math.floor(random() * 4);
    for (let layer = 0; layer < 3; layer++) {
      for (let i = 0; i < petals; i++) {
        const rr = r * (0.95 - layer * 0.28);
        parts.push(
          `<ellipse cx="${cx}" cy="${cy - rr * 0.5}" rx="${rr * 0.32}" ry="${rr * 0.5}" transform="rotate(${turn + layer * 20 + (360 / petals) * i} ${cx} ${cy})"/>`,
        );
      }
    }
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r * 0.1}"/>`);
  } else if (family === "star") {
    const points = 4 + 2 * Math.floor(random() * 3);
    const star = [];
    for (let i = 0; i < points * 2; i++) {
      const radius = i % 2 ? r * 0.25 : r;
      const angle = ((turn + (180 / points) * i) * Math.PI) / 180;
      star.push(
        `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`,
      );
    }
    parts.push(`<polygon points="${star.join(" ")}"/>`, `<circle cx="${cx}" cy="${cy}" r="${r * 1.1}"/>`);
  } else {
    let d = `M ${cx} ${cy}`;
    const loops = 3 + random() * 3;
    for (let t = 0; t < loops * Math.PI * 2; t += 0.2) {
      const radius = (r * t) / (loops * Math.PI * 2);
      d += ` L ${(cx + radius * Math.cos(t + turn)).toFixed(1)} ${(cy + radius * Math.sin(t + turn)).toFixed(1)}`;
    }
    parts.push(`<path d="${d}"/>`);
  }
  return parts.join("");
}

const families = {
  geometric: "rings",
  ornamental: "rings",
  celtic: "rings",
  blackwork: "rings",
  tribal: "rings",
  japanese: "waves",
  watercolor: "waves",
  abstract: "waves",
  biomechanical: "spiral",
  horror: "spiral",
  anime: "star",
  memorial: "star",
  script: "star",
  realistic: "star",
};

/** Generated placeholder artwork: plainly a placeholder, but distinct and on-brand per piece. */
export function placeholderSvg({ id, title, style, width, height }) {
  const random = seeded(id);
  const hue = 38 + Math.floor(random() * 16) - 8;
  const family = families[style] ?? "flower";
  const cx = width / 2;
  const cy = height * 0.46;
  const r = Math.min(width, height) * 0.3;
  const strokeWidth = Math.max(2, width / 320);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><radialGradient id="g" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="hsl(${hue} 22% 16%)"/><stop offset="1" stop-color="#0d0c0b"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="${width * 0.04}" y="${height * 0.04}" width="${width * 0.92}" height="${height * 0.92}" fill="none" stroke="hsl(${hue} 55% 52% / 0.35)" stroke-width="${strokeWidth}" stroke-dasharray="${strokeWidth * 6} ${strokeWidth * 5}"/>
  <g fill="none" stroke="hsl(${hue} 62% 54%)" stroke-width="${strokeWidth * 1.6}" stroke-linecap="round" opacity="0.9">${motif(family, random, cx, cy, r)}</g>
  <text x="${cx}" y="${height * 0.86}" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="${width / 26}" fill="#f1ebdf">${escapeXml(title)}</text>
  <text x="${cx}" y="${height * 0.925}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${width / 48}" letter-spacing="2" fill="hsl(${hue} 62% 60%)">PLACEHOLDER ARTWORK · ${id.toUpperCase()} · PHOTO COMING SOON</text>
</svg>`;
}
