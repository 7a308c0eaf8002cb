/**
 * The built-in portfolio: 46 pieces, tattoo-001..tattoo-046, the first six featured. `image`
 * names the source under content/tattoo-images/ without an extension; the image pipeline
 * (scripts/images.mjs) builds its variants, from a real photo when one is there, otherwise from
 * generated placeholder artwork.
 */

import { featuredRows, type PortfolioItem, portfolioItem, type Row } from "./portfolio-featured";

export type { PortfolioItem } from "./portfolio-featured";

// biome-ignore format: one piece per line reads best as a table
const moreRows: Row[] = [
  ["Swallows over the harbour", "traditional", "medium", "3-4 hours", "completed", "chest", "American traditional", "2025-06-07", "swallow,nautical,classic", "A pair of swallows in classic American traditional style, bold lines and a limited palette built to last."],
  ["Clockwork heart", "biomechanical", "large", "8-9 hours", "completed", "shoulder", "3D shading, biomechanical", "2025-05-24", "gears,heart,biomech", "Gears and pistons threaded through muscle, shaded so the mechanism seems to sit under the skin."],
  ["Watercolour hummingbird", "watercolor", "small", "2-3 hours", "completed", "shoulder blade", "watercolour wash with linework", "2025-05-10", "hummingbird,colour,bird", "A hummingbird with loose watercolour washes held in place by a fine black skeleton."],
  ["Raven on the moon", "blackwork", "medium", "4-5 hours", "completed", "calf", "solid blackwork", "2025-04-26", "raven,moon,night", "A raven cut out against a full moon in solid black, with crisp negative space."],
  ["Mother's handwriting", "script", "small", "1-2 hours", "completed", "wrist", "script from a handwriting sample", "2025-04-12", "script,handwriting,family", "The word 'always' traced from a birthday card the client's mother wrote."],
  ["Polynesian-inspired band", "tribal", "medium", "4-5 hours", "completed", "upper arm", "bold tribal blackwork", "2025-03-29", "band,tribal,pattern", "A bold armband inspired by Pacific patterns, drawn with the client to reflect their own family story."],
  ["Filigree shoulder cap", "ornamental", "large", "6-7 hours", "completed", "shoulder", "ornamental linework and shading", "2025-03-15", "filigree,ornament,lace", "Lace-like filigree flowing over the shoulder cap, balanced with soft black shading."],
  ["Vintage horror: the bride", "horror", "medium", "5-6 hours", "completed", "thigh", "black and grey with red accents", "2025-03-01", "horror,film,portrait", "A classic horror bride in black and grey, with a single red accent for drama."],
  ["Abstract brushstroke phoenix", "abstract", "medium", "4-5 hours", "completed", "ribs", "brushstroke blackwork", "2025-02-15", "phoenix,abstract,brushstroke", "A phoenix suggested by a few sweeping brushstrokes, more motion than outline."],
  ["Celtic knot shield", "celtic", "small", "2-3 hours", "completed", "forearm", "interlaced knotwork", "2025-02-01", "celtic,knot,heritage", "An unbroken knotwork shield honouring the client's Irish heritage."],
  ["Vintage pin-up sailor", "vintage", "medium", "5-6 hours", "completed", "calf", "vintage flash style colour", "2025-01-18", "pinup,vintage,sailor", "A pin-up in sailor whites, drawn in the spirit of 1950s flash sheets."],
  ["Spirit fox in the woods", "anime", "medium", "4-5 hours", "completed", "forearm", "clean anime linework with colour", "2025-01-04", "fox,anime,spirit", "A nine-tailed spirit fox in clean anime linework, with soft blue fire."],
  ["Wolf and forest double exposure", "realistic", "large", "8-10 hours", "completed", "forearm sleeve", "black and grey double exposure", "2024-12-14", "wolf,forest,realism", "A wolf's profile that opens into a pine forest, shaded to read from across a room."],
  ["Moth and crescent", "illustrative", "small", "2-3 hours", "completed", "back of neck", "illustrative stipple", "2024-11-30", "moth,moon,night", "A luna moth over a crescent moon, stippled for a soft, printed look."],
  ["Koi climbing the falls", "japanese", "large", "9-10 hours", "in-progress", "thigh", "Japanese linework stage", "2024-11-16", "koi,water,japanese", "Linework stage of a koi climbing a waterfall; colour sessions are booked for the coming months."],
  ["Rose and pocket watch", "realistic", "medium", "5-6 hours", "completed", "forearm", "black and grey realism", "2024-11-02", "rose,watch,time", "A rose resting on an open pocket watch stopped at the time of the client's son's birth."],
  ["Sacred heart", "traditional", "small", "2-3 hours", "completed", "hand", "American traditional", "2024-10-19", "heart,flame,classic", "A flaming sacred heart with a thorn crown, bold enough to age well on the hand."],
  ["Paw prints to the stars", "memorial", "small", "1-2 hours", "completed", "ankle", "fine-line with dotwork stars", "2024-10-05", "pet,memorial,stars", "Paw prints that trail off into a constellation, for a much-loved dog."],
  ["Geometric stag", "geometric", "medium", "4-5 hours", "completed", "shoulder blade", "geometric linework", "2024-09-21", "stag,geometry,animal", "A stag's head built from clean triangles and a halo of thin circles."],
  ["Snake and peonies cover-up", "neo-traditional", "large", "7-8 hours", "completed", "forearm", "cover-up with saturated colour", "2024-09-07", "snake,peony,cover-up", "A serpent coiled through peonies that fully covers an old faded name piece."],
  ["Ocean waves script", "script", "small", "1-2 hours", "completed", "ribs", "fine script lettering", "2024-08-24", "script,ocean,words", "The line 'the sea remembers' in flowing script, sized to sit along the ribs."],
  ["Dotwork lotus", "blackwork", "small", "2-3 hours", "completed", "back of neck", "dotwork blackwork", "2024-08-10", "lotus,dotwork,spiritual", "A lotus in graded dotwork, dark at the base and fading to skin at the petal tips."],
  ["Hannya mask", "japanese", "medium", "5-6 hours", "completed", "calf", "Japanese colour and shading", "2024-07-27", "hannya,mask,japanese", "A Hannya mask in deep reds and greens, shaded to feel carved."],
  ["Watercolour galaxy whale", "watercolor", "medium", "4-5 hours", "completed", "forearm", "watercolour with negative space", "2024-07-13", "whale,galaxy,colour", "A humpback whale filled with a purple and blue nebula, edged by white stars."],
  ["Cathedral window", "ornamental", "medium", "5-6 hours", "in-progress", "back", "ornamental linework stage", "2024-06-29", "window,ornament,gothic", "Linework of a gothic rose window across the upper back, ready for shading."],
  ["Skull and moth", "horror", "medium", "4-5 hours", "completed", "forearm", "black and grey with stipple", "2024-06-15", "skull,moth,dark", "A skull with a death's-head moth resting on the brow, in soft black and grey."],
  ["Celtic tree of life", "celtic", "medium", "4-5 hours", "completed", "back", "interlaced knotwork", "2024-06-01", "tree,celtic,roots", "A tree of life whose roots and branches knot into one unbroken line."],
  ["Vintage botanical fern", "vintage", "small", "2-3 hours", "completed", "inner arm", "engraving-style linework", "2024-05-18", "fern,botanical,engraving", "A fern drawn like a plate from an old botanical book, with fine hatching."],
  ["Biomechanical forearm", "biomechanical", "large", "9-10 hours", "in-progress", "forearm", "biomechanical linework stage", "2024-05-04", "biomech,machine,sleeve", "Linework stage of a biomechanical forearm piece; the shading sessions come next."],
  ["Magical girl emblem", "anime", "small", "2-3 hours", "completed", "wrist", "anime linework with pastel colour", "2024-04-20", "anime,emblem,pastel", "A small crescent-and-heart emblem in pastel colours, a nod to the client's favourite series."],
  ["Tiger in bamboo", "illustrative", "large", "7-8 hours", "completed", "thigh", "illustrative black and grey", "2024-04-06", "tiger,bamboo,illustrative", "A prowling tiger among bamboo, drawn with an illustrator's hand and bold contrast."],
  ["Dad's portrait", "memorial", "large", "6-7 hours", "completed", "upper arm", "photo-based black and grey portrait", "2024-03-23", "portrait,memorial,family", "A portrait from a treasured photo of the client's father, built up gently across two sessions."],
  ["Minimal mountain line", "fine-line", "small", "1-2 hours", "completed", "inner forearm", "single-line fine-line", "2024-03-09", "mountain,minimal,line", "A mountain range drawn in one continuous fine line, from a trip the client never wants to forget."],
  ["Anchor and rope", "traditional", "small", "2-3 hours", "completed", "forearm", "American traditional", "2024-02-24", "anchor,nautical,classic", "A classic anchor wrapped in rope, with a banner left open for a date."],
  ["Maori-inspired shoulder", "tribal", "large", "6-7 hours", "in-progress", "shoulder", "tribal linework stage", "2024-02-10", "tribal,shoulder,pattern", "Linework stage of a shoulder piece inspired by Pacific patterns, drawn with the client's guidance on meaning."],
  ["Abstract ink splash", "abstract", "small", "2-3 hours", "completed", "forearm", "abstract blackwork with splatter", "2024-01-27", "abstract,ink,splatter", "An ink splash that resolves into a small bird when you look twice."],
  ["Sunflower realism", "realistic", "medium", "4-5 hours", "completed", "shoulder", "colour realism", "2024-01-13", "sunflower,colour,realism", "A sunflower in warm colour realism, every seed in the centre shaded by hand."],
  ["Serpent and dagger", "neo-traditional", "medium", "4-5 hours", "completed", "calf", "neo-traditional colour", "2023-12-30", "snake,dagger,classic", "A green serpent wound around a dagger, with gold highlights and bold outlines."],
  ["Sacred geometry sleeve start", "geometric", "large", "8-9 hours", "completed", "upper arm", "geometric dotwork", "2023-12-16", "geometry,sleeve,dotwork", "The first session of a geometric sleeve: a metatron's cube flowing into dotwork gradients."],
  ["Lettering: 'Still here'", "script", "small", "1-2 hours", "completed", "collarbone", "custom serif lettering", "2023-12-02", "script,lettering,recovery", "Custom serif lettering for a client celebrating five years of recovery."],
];

export const portfolio: PortfolioItem[] = [...featuredRows, ...moreRows].map(portfolioItem);
