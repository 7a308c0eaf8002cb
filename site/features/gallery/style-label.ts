/** "fine-line" -> "Fine-Line": how a style, size or category slug reads on a card or a chip. */
export function styleLabel(style: string): string {
  return style
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("-");
}
