/**
 * Flash designs: 38 ready-to-tattoo designs, flash-001..flash-038, priced in the flash band of
 * the studio facts. The page's category filters come from this data, so no filter can show an
 * empty grid (floral and botanical are one category).
 */

export interface FlashDesign {
  id: string;
  title: string;
  image: string;
  category: string;
  style: string;
  status: "available" | "claimed" | "archived";
  repeatable: boolean;
}

// biome-ignore format: one design per line reads best as a table
const rows: Array<[title: string, category: string, style: string]> = [
  ["Ship in a bottle", "nautical", "traditional"],
  ["Lighthouse at dusk", "nautical", "traditional"],
  ["Coiled octopus", "nautical", "neo-traditional"],
  ["Compass rose", "nautical", "fine-line"],
  ["Fern frond", "nature", "fine-line"],
  ["Mountain sunrise", "nature", "blackwork"],
  ["Mushroom cluster", "nature", "illustrative"],
  ["Falling leaf", "nature", "fine-line"],
  ["Black cat", "animals", "traditional"],
  ["Swallow in flight", "animals", "traditional"],
  ["Sleeping fox", "animals", "illustrative"],
  ["Honeybee", "animals", "fine-line"],
  ["Panther head", "animals", "traditional"],
  ["Wild rose", "floral", "traditional"],
  ["Peony bloom", "floral", "neo-traditional"],
  ["Lavender sprig", "floral", "fine-line"],
  ["Birth flower bouquet", "floral", "fine-line"],
  ["Lotus", "floral", "blackwork"],
  ["Ornamental frame", "decorative", "ornamental"],
  ["Filigree cuff", "decorative", "ornamental"],
  ["Crescent moon face", "celestial", "traditional"],
  ["Sun and moon", "celestial", "blackwork"],
  ["Constellation line", "celestial", "fine-line"],
  ["Shooting star", "celestial", "traditional"],
  ["Cherry pair", "food", "traditional"],
  ["Lemon slice", "food", "illustrative"],
  ["Espresso cup", "food", "fine-line"],
  ["Pearl necklace", "fashion", "fine-line"],
  ["Stiletto with roses", "fashion", "neo-traditional"],
  ["Evil eye", "symbols", "traditional"],
  ["Sacred heart", "symbols", "traditional"],
  ["Hamsa hand", "symbols", "ornamental"],
  ["Old key", "objects", "illustrative"],
  ["Hourglass", "objects", "blackwork"],
  ["Bat with spread wings", "gothic", "blackwork"],
  ["Candle and skull", "gothic", "traditional"],
  ["Checkerboard band", "patterns", "blackwork"],
  ["Dotwork triangle", "patterns", "geometric"],
];

export const flashDesigns: FlashDesign[] = rows.map(([title, category, style], index) => {
  const id = `flash-${String(index + 1).padStart(3, "0")}`;
  return { id, title, image: `flash/${id}`, category, style, status: "available", repeatable: true };
});

/** Categories present in the data, in first-seen order. */
export const flashCategories: string[] = [...new Set(flashDesigns.map((design) => design.category))];
