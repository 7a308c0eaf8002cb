/**
 * What the template writer knows about tattoos: the studio's styles, the words in a visitor's
 * prompt that suggest each one and how the artist pitches it, and common placements with the
 * size band that suits them. Kept apart from the writer so the lists can grow on their own.
 */

export interface Style {
  key: string;
  label: string;
  words: RegExp;
  pitch: string;
}

export const styles: readonly Style[] = [
  {
    key: "fine-line",
    label: "Fine-line",
    words: /fine[\s-]?line|delicate|dainty|minimal/i,
    pitch: "single-needle linework that stays crisp and quiet",
  },
  {
    key: "realism",
    label: "Black-and-grey realism",
    words: /realis|portrait|photo|black and gr[ae]y/i,
    pitch: "soft shading and depth that read like a photograph",
  },
  {
    key: "traditional",
    label: "American traditional",
    words: /traditional|old school|sailor|bold/i,
    pitch: "bold outlines and a tight palette that age beautifully",
  },
  {
    key: "neo-traditional",
    label: "Neo-traditional",
    words: /neo[\s-]?trad|ornate|art nouveau/i,
    pitch: "rich colour, ornamental framing and a touch of illustration",
  },
  {
    key: "japanese",
    label: "Japanese-inspired",
    words: /japan|irezumi|koi|dragon|wave|cherry blossom/i,
    pitch: "flowing movement built to follow the shape of the body",
  },
  {
    key: "geometric",
    label: "Geometric",
    words: /geometr|mandala|sacred|dotwork|pattern/i,
    pitch: "precise symmetry and dotwork that frames the subject",
  },
  {
    key: "botanical",
    label: "Botanical illustration",
    words: /flower|floral|botanic|fern|rose|peony|leaf|plant/i,
    pitch: "study-sheet detail in the spirit of an old field guide",
  },
  {
    key: "blackwork",
    label: "Blackwork",
    words: /blackwork|ornamental|solid black|tribal/i,
    pitch: "saturated black shapes with strong negative space",
  },
  {
    key: "watercolor",
    label: "Watercolour accent",
    words: /watercolou?r|splash|pastel/i,
    pitch: "loose washes of colour held together by a fine outline",
  },
  {
    key: "script",
    label: "Custom script",
    words: /script|lettering|quote|name|words/i,
    pitch: "hand-drawn lettering sized so it stays legible for decades",
  },
];

export const placements = [
  { where: "inner forearm", size: "medium" },
  { where: "upper arm", size: "medium" },
  { where: "collarbone", size: "small" },
  { where: "ankle", size: "small" },
  { where: "shoulder blade", size: "medium" },
  { where: "calf", size: "large" },
  { where: "ribs", size: "large" },
  { where: "wrist", size: "small" },
  { where: "thigh", size: "large" },
] as const;
