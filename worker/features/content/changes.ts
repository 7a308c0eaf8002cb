/**
 * What changed between two published versions, field by field, in the artist's words: "Hours:
 * Saturday closes at 7 PM (was 6 PM)", "Portfolio: added “Koi sleeve”", "Prices: Minimum charge
 * $80 → $100". The Studio's history shows it under each version, so she can tell versions apart
 * without opening them and pick the one to restore.
 *
 * It reads the versions' JSON as it is, not through the schemas: a version published under an
 * older shape still gets a list (a field it does not know is named by its key in words), never
 * an error. Lists of items with ids (pieces, designs, testimonials, questions) are compared by
 * id, so a piece that moved is a move, not a change of every piece after it.
 */

type Json = unknown;
type Item = Record<string, unknown>;

/** The sections in the order the list names them, each by its tab's title in the Studio. */
const sectionTitles: [section: string, title: string][] = [
  ["booking", "Booking"],
  ["announcement", "Announcement"],
  ["hours", "Hours"],
  ["prices", "Prices"],
  ["portfolio", "Portfolio"],
  ["flash", "Flash"],
  ["policies", "Policies"],
  ["testimonials", "Testimonials"],
  ["faq", "FAQ"],
  ["studio", "Studio facts"],
];

/** A field's name as the editor labels it (a key not listed reads as its words: "bookAhead" → "Book ahead"). */
const labels: Record<string, string> = {
  // The studio's facts.
  name: "Name",
  shortName: "Short name",
  artist: "Artist",
  firstName: "First name",
  role: "Role",
  phone: "Phone",
  display: "as shown",
  e164: "for dialling",
  email: "E-mail",
  address: "Address",
  street: "street",
  locality: "town",
  region: "state code",
  regionName: "state",
  postalCode: "ZIP code",
  country: "country code",
  geo: "Map position",
  serviceArea: "Service area",
  towns: "towns served",
  radiusMiles: "radius (miles)",
  social: "Instagram",
  instagram: "address",
  instagramHandle: "handle",
  bookingWidgetUrl: "Booking link",
  claims: "Claim",
  experienceYears: "years of experience",
  experienceLabel: "experience as shown",
  tattoosLabel: "tattoos as shown",
  healingRate: "healing rate",
  custom: "custom work",
  licensedAndInsured: "licensed and insured",
  replyWithin: "replies within",
  consultationMinutes: "a consultation takes",
  averageSession: "an average session takes",
  minimumAge: "minimum age",
  timeZone: "Time zone",
  currency: "Currency",
  findingTheStudio: "Finding the studio",
  neighbourhood: "neighbourhood",
  highway: "nearest highway",
  station: "nearest station",
  river: "river nearby",
  directions: "directions",
  parking: "parking",
  transit: "by public transport",
  entrance: "the entrance",
  // Prices.
  small: "Small",
  medium: "Medium",
  large: "Large",
  coverUp: "Cover-up",
  customDesign: "Custom design",
  flash: "Flash",
  inches: "size",
  range: "price range",
  label: "name",
  minimumCharge: "Minimum charge",
  styles: "By style:",
  traditional: "traditional",
  realism: "realism",
  spiritual: "spiritual",
  coverUps: "cover-ups",
  // Policies.
  deposit: "Deposit",
  amount: "amount",
  summary: "what it means",
  cancellation: "Cancellation",
  touchUps: "Touch-up promise",
  touchUpWeeks: "Free touch-ups within (weeks)",
  payment: "When payment is due",
  companions: "Companions",
  age: "Age rule",
  booking: "Booking",
  bookAhead: "book ahead by",
  rescheduleNoticeHours: "reschedule notice (hours)",
  cardOnFile: "card on file",
  beforeYourSession: "before your session",
  paymentMethods: "payment methods",
  cashPricing: "cash pricing",
  aftercare: "Aftercare",
  dermShield: "second-skin film",
  noSoaking: "no soaking for",
  moisturise: "moisturise",
  surfaceHealing: "surface healing takes",
  fullHealing: "full healing takes",
  // Items.
  title: "title",
  alt: "alt text",
  style: "style",
  size: "size",
  duration: "duration",
  status: "status",
  description: "description",
  tags: "tags",
  date: "date",
  bodyPart: "body part",
  technique: "technique",
  placement: "placement",
  hours: "hours in the chair",
  priceBand: "price",
  min: "from",
  max: "to",
  freshPiece: "fresh piece",
  category: "category",
  repeatable: "repeatable",
  price: "price",
  reviewCount: "reviews they have written",
  photoCount: "photos they have posted",
  rating: "rating",
  text: "text",
  artistResponse: "your reply",
  isLocalGuide: "Local Guide",
  priceRange: "what they paid",
  topic: "topic",
  question: "question",
  answer: "answer",
  // The announcement and booking.
  link: "link",
  href: "address",
  startsOn: "shown from",
  endsOn: "shown until",
  message: "Message on the booking pages",
};

/** Amounts in dollars, by the key that holds them. */
const moneyKeys = new Set(["amount", "minimumCharge", "price", "min", "max"]);

const isRecord = (value: Json): value is Item =>
  value !== null && typeof value === "object" && !Array.isArray(value);
/** Deep equality of two JSON values, stopping at the first difference (no strings built). */
function same(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((entry, i) => same(entry, b[i]));
  const left = a as Item;
  const right = b as Item;
  // A key holding undefined counts as absent, as it does once the value is JSON.
  const keys = (record: Item) => Object.keys(record).filter((key) => record[key] !== undefined);
  const leftKeys = keys(left);
  return leftKeys.length === keys(right).length && leftKeys.every((key) => same(left[key], right[key]));
}

const words = (key: string) => {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};
const labelOf = (key: string) => labels[key] ?? words(key);

/** "Booking" + "book ahead by" → "Booking book ahead by"; the first letter made a capital. */
function fieldName(path: string[]): string {
  const name = path.map(labelOf).join(" ");
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "19:00" → "7 PM", "09:30" → "9:30 AM". */
export function clockTime(value: string): string {
  const [hours = 0, minutes = 0] = value.split(":").map(Number);
  const suffix = hours < 12 ? "AM" : "PM";
  const hour = hours % 12 || 12;
  return minutes ? `${hour}:${String(minutes).padStart(2, "0")} ${suffix}` : `${hour} ${suffix}`;
}

/** "2026-12-24" → "Dec 24, 2026". */
const calendarDay = (value: string) => {
  const [year, month = 1, day] = value.split("-").map(Number);
  return `${months[month - 1] ?? ""} ${day}, ${year}`;
};

const longest = 80;
const quoted = (text: string) =>
  `“${text.length > longest ? `${text.slice(0, longest - 1).trimEnd()}…` : text}”`;

/** A value as the list shows it: dollars, times and dates in words, text in quotes. */
function shown(value: Json, key: string): string {
  if (value === null || value === undefined) return "nothing";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number")
    return moneyKeys.has(key) ? `$${value.toLocaleString("en-US")}` : String(value);
  if (typeof value === "string") {
    if (/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) return clockTime(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return calendarDay(value);
    return quoted(value);
  }
  if (Array.isArray(value)) return value.map((entry) => shown(entry, key)).join(", ") || "none";
  return "a new value";
}

/** What an item is called in the list: its title, name or question. */
const itemName = (item: Item) =>
  quoted(String(item.title ?? item.name ?? item.question ?? item.id ?? "an item"));

const hasIds = (list: Json[]) => list.length > 0 && list.every((entry) => isRecord(entry) && "id" in entry);

/**
 * The changes inside one value, each as "<field> <what happened>", `path` naming where it sits.
 * Objects are walked key by key; lists of items by id; other lists as sets of entries.
 */
function changesIn(before: Json, after: Json, path: string[]): string[] {
  if (same(before, after)) return [];
  const key = path.at(-1) ?? "";
  if (key === "image") {
    if (before === undefined) return ["photo added"];
    if (after === undefined) return ["photo removed"];
    return ["new photo"];
  }
  // A group of fields one side lacks altogether (an older version's shape): each field is new, or gone.
  if (isRecord(before) && after == null) return changesIn(before, {}, path);
  if (before == null && isRecord(after)) return changesIn({}, after, path);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((name) => changesIn(before[name], after[name], [...path, name]));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (hasIds(before) || hasIds(after)) return listOfItems(before as Item[], after as Item[], path);
    return listOfValues(before, after, path);
  }
  const name = fieldName(path);
  if (before === undefined) return [`${name} set to ${shown(after, key)}`];
  if (after === undefined) return [`${name} cleared (was ${shown(before, key)})`];
  return [`${name} ${shown(before, key)} → ${shown(after, key)}`];
}

/** A list of plain entries (tags, towns, payment methods, cancellation terms): what came and went. */
function listOfValues(before: Json[], after: Json[], path: string[]): string[] {
  const key = path.at(-1) ?? "";
  const text = (entry: Json) => JSON.stringify(entry);
  const had = new Set(before.map(text));
  const has = new Set(after.map(text));
  const added = after.filter((entry) => !had.has(text(entry)));
  const removed = before.filter((entry) => !has.has(text(entry)));
  const prefix = path.length ? `${fieldName(path)}: ` : "";
  const changes = [
    ...added.map((entry) => `${prefix}added ${shown(entry, key)}`),
    ...removed.map((entry) => `${prefix}removed ${shown(entry, key)}`),
  ];
  return changes.length ? changes : [`${prefix}order changed`];
}

/**
 * The positions of the longest run of `order` that is already increasing: the items that kept
 * their place relative to each other, so that the others are the ones that moved.
 */
function keptInPlace(order: number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = [];
  order.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((order[tails[middle] ?? 0] ?? 0) < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? (tails[low - 1] ?? -1) : -1;
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let at = tails.at(-1) ?? -1; at >= 0; at = previous[at] ?? -1) kept.add(at);
  return kept;
}

/** A list of items with ids: added, removed, changed (field by field) and moved. */
function listOfItems(before: Item[], after: Item[], path: string[]): string[] {
  const prefix = path.length ? `${fieldName(path)}: ` : "";
  const old = new Map(before.map((item) => [String(item.id), item]));
  const now = new Map(after.map((item) => [String(item.id), item]));
  const changes: string[] = [];
  for (const item of after) if (!old.has(String(item.id))) changes.push(`${prefix}added ${itemName(item)}`);
  for (const item of before)
    if (!now.has(String(item.id))) changes.push(`${prefix}removed ${itemName(item)}`);
  for (const item of after) {
    const was = old.get(String(item.id));
    if (!was) continue;
    for (const change of itemChanges(was, item)) changes.push(`${prefix}${itemName(item)} ${change}`);
  }
  // The items both versions hold, in the new order, each with its place in the old one.
  const kept = after.filter((item) => old.has(String(item.id)));
  const oldOrder = before.filter((item) => now.has(String(item.id))).map((item) => String(item.id));
  const order = kept.map((item) => oldOrder.indexOf(String(item.id)));
  const stayed = keptInPlace(order);
  const moved = kept.filter((_, index) => !stayed.has(index));
  if (moved.length > 0 && moved.length <= 3) {
    for (const item of moved)
      changes.push(
        `${prefix}${itemName(item)} moved to position ${after.indexOf(item) + 1} of ${after.length}`,
      );
  } else if (moved.length > 3) changes.push(`${prefix}order changed (${moved.length} moved)`);
  return changes;
}

/** One item's changed fields, the flags in words ("hidden from the site", "featured"). */
function itemChanges(before: Item, after: Item): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => key !== "id");
  return keys.flatMap((key) => {
    const was = before[key];
    const is = after[key];
    if (same(was, is)) return [];
    if (key === "hidden" && typeof is === "boolean")
      return [is ? "hidden from the site" : "shown on the site"];
    if (key === "featured" && typeof is === "boolean")
      return [is ? "featured on the home page" : "no longer featured on the home page"];
    return changesIn(was, is, [key]).map((change) => change.charAt(0).toLowerCase() + change.slice(1));
  });
}

/** The week's hours, day by day, and the closures added or taken away. */
function hoursChanges(before: Item, after: Item): string[] {
  const days = (value: Json) => (Array.isArray(value) ? (value as Item[]) : []);
  const oldDays = new Map(days(before.weekly).map((day) => [String(day.day), day]));
  const changes: string[] = [];
  const span = (day: Item) =>
    typeof day.opens === "string" && typeof day.closes === "string"
      ? `${clockTime(day.opens)}–${clockTime(day.closes)}`
      : "by appointment";
  for (const day of days(after.weekly)) {
    const was = oldDays.get(String(day.day));
    if (!was || same(was, day)) continue;
    const name = String(day.day);
    const open = (entry: Item) => typeof entry.opens === "string";
    if (open(was) && open(day)) {
      if (was.opens !== day.opens)
        changes.push(
          `${name} opens at ${clockTime(String(day.opens))} (was ${clockTime(String(was.opens))})`,
        );
      if (was.closes !== day.closes)
        changes.push(
          `${name} closes at ${clockTime(String(day.closes))} (was ${clockTime(String(was.closes))})`,
        );
    } else if (open(was) !== open(day)) {
      changes.push(`${name} ${span(day)} (was ${span(was)})`);
    }
    if (!same(was.note, day.note))
      changes.push(`${name} ${changesIn(was.note, day.note, ["note"])[0] ?? ""}`);
  }
  const closures = (value: Json) =>
    (Array.isArray(value) ? (value as Item[]) : []).map(
      (closure) =>
        `closed ${calendarDay(String(closure.from))}${closure.to === closure.from ? "" : ` to ${calendarDay(String(closure.to))}`}` +
        (closure.note ? ` (${quoted(String(closure.note))})` : ""),
    );
  const had = closures(before.closures);
  const has = closures(after.closures);
  for (const closure of has) if (!had.includes(closure)) changes.push(`added ${closure}`);
  for (const closure of had) if (!has.includes(closure)) changes.push(`removed ${closure}`);
  const rest = (value: Item) => ({ ...value, weekly: undefined, closures: undefined });
  return [...changes, ...changesIn(rest(before), rest(after), [])];
}

/** The FAQ's questions, and which of them the services page asks, by their words, not their ids. */
function faqChanges(before: Item, after: Item): string[] {
  const items = (value: Json) => (Array.isArray(value) ? (value as Item[]) : []);
  const questions = new Map(
    [...items(before.items), ...items(after.items)].map((item) => [String(item.id), item]),
  );
  const asked = (value: Json) => (Array.isArray(value) ? value.map(String) : []);
  const had = asked(before.servicesPage);
  const has = asked(after.servicesPage);
  const named = (id: string) => itemName(questions.get(id) ?? { id });
  const changes = listOfItems(items(before.items), items(after.items), []);
  for (const id of has) if (!had.includes(id)) changes.push(`services page now asks ${named(id)}`);
  for (const id of had) if (!has.includes(id)) changes.push(`services page no longer asks ${named(id)}`);
  if (!changes.length && !same(had, has)) changes.push("services page questions reordered");
  return changes;
}

function sectionChanges(section: string, before: Json, after: Json): string[] {
  if (same(before, after)) return [];
  if (section === "announcement") {
    if (!isRecord(before) && isRecord(after)) return [`added ${shown(after.text, "text")}`];
    if (isRecord(before) && !isRecord(after)) return [`removed ${shown(before.text, "text")}`];
  }
  if (section === "booking" && isRecord(before) && isRecord(after) && before.booksOpen !== after.booksOpen) {
    const rest = changesIn({ ...before, booksOpen: undefined }, { ...after, booksOpen: undefined }, []);
    return [after.booksOpen ? "books opened to new requests" : "books closed to new requests", ...rest];
  }
  if (section === "hours" && isRecord(before) && isRecord(after)) return hoursChanges(before, after);
  if (section === "faq" && isRecord(before) && isRecord(after)) return faqChanges(before, after);
  return changesIn(before, after, []);
}

/**
 * Every change from `before` to `after` (two versions' whole content), one line each, led by
 * its section's title. Empty when nothing differs.
 */
export function describeChanges(before: Json, after: Json): string[] {
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const known = new Set(sectionTitles.map(([section]) => section));
  const others = [...new Set([...Object.keys(from), ...Object.keys(to)])]
    .filter((section) => !known.has(section))
    .map((section): [string, string] => [section, words(section)]);
  return [...sectionTitles, ...others].flatMap(([section, title]) =>
    sectionChanges(section, from[section], to[section]).map((change) => `${title}: ${change}`),
  );
}
