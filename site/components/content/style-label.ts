/** "neo-traditional" -> "Neo-Traditional": a style, size or category slug as a visitor reads it. */
export function styleLabel(style: string): string {
  return style
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("-");
}
