// A large inbox for benchmarks: tens of thousands of consultation requests and contact
// messages written straight into a local D1 file through node:sqlite (the search index's
// triggers fill it as they would in D1). Names mix plain, accented, non-Latin and hostile text
// (quotes, spreadsheet formulas, markup, FTS operators); ideas are built from a vocabulary so
// words repeat across rows the way a real inbox's do. Deterministic: the same count gives the
// same rows.

const firstNames = [
  "Ana",
  "Devon",
  "Marisol",
  "José",
  "Zoë",
  "Liam",
  "Priya",
  "Chloé",
  "Mateo",
  "Aoife",
  "Björn",
  "Nguyễn",
  "Siobhan",
  "Kwame",
  "Olivia",
  "Dmitri",
  "Mei",
  "Fatima",
  "Noah",
  "Ingrid",
];
const lastNames = [
  "Garcia",
  "Núñez",
  "O'Brien",
  "Smith",
  "Ødegård",
  "Kowalski",
  "Haddad",
  "Carter",
  "Lee",
  "Moreno",
  "Schmidt",
  "Tanaka",
  "Okafor",
  "Ivanova",
  "Walsh",
  "Rossi",
  "Dubois",
  "Nakamura",
  "Price",
  "Vega",
];
const oddNames = [
  "李小龍",
  "مريم الحسن",
  "Αλέξανδρος",
  "👩‍🎨 Artsy",
  '=HYPERLINK("http://evil.test","x")',
  "+cmd|' /C calc'!A0",
  '<script>alert("x")</script>',
  'Robert"); DROP TABLE consultation_requests;--',
  "NEAR(foo bar) OR *",
  "\u202eevil",
];
const subjects = [
  "koi",
  "peony",
  "rose",
  "dragon",
  "compass",
  "wolf",
  "lavender",
  "script",
  "mandala",
  "skull",
  "snake",
  "moth",
];
const styles = [
  "fine-line",
  "blackwork",
  "neo-traditional",
  "watercolor",
  "realism",
  "japanese",
  "geometric",
];
const placements = [
  "forearm",
  "left ankle",
  "right upper arm",
  "back",
  "ribs",
  "shoulder blade",
  "sternum",
  "thigh",
  "wrist",
];
const sizes = ["Small (2-3 inches)", "Medium (4-6 inches)", "Large (7+ inches)", "Not sure"];
const statuses = ["pending", "contacted", "scheduled", "completed", "cancelled"];
const contactStatuses = ["unread", "read", "responded", "archived"];
const domains = ["example.com", "inkmail.test", "mail.test", "studio.test"];

/** A small deterministic generator (mulberry32), so a benchmark's data is the same every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes `consultations` requests and `contacts` messages into an open node:sqlite database that
 * has the migrations applied, in one transaction; returns the counts written.
 */
export function seedInbox(db, { consultations, contacts }) {
  const next = random(20261123);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const now = Date.now();
  const span = 2 * 365 * 86_400_000;
  const person = (i) => {
    const name = i % 97 === 0 ? pick(oddNames) : `${pick(firstNames)} ${pick(lastNames)}`;
    const handle = `${pick(firstNames)}.${pick(lastNames)}${i}`
      .normalize("NFD")
      .replace(/[^A-Za-z0-9.]/g, "")
      .toLowerCase();
    const phone = `${pick(["301", "240", "410", "443"])}-555-${String(i % 10_000).padStart(4, "0")}`;
    // Spread over two years, never in the future, oldest first so rowids follow time.
    const created = new Date(
      now - span + Math.floor((i / Math.max(consultations, contacts)) * span) - 60_000,
    ).toISOString();
    return { name, email: `${handle}@${pick(domains)}`, phone, created };
  };
  const consultation = db.prepare(
    "INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, size, placement, status, admin_notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const contact = db.prepare(
    "INSERT INTO contact_submissions (id, name, email, phone, service_interest, message, status, admin_notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  db.exec("BEGIN");
  try {
    for (let i = 0; i < consultations; i++) {
      const p = person(i);
      const idea = `A ${pick(styles)} ${pick(subjects)} tattoo with a ${pick(subjects)}, ${i % 13 === 0 ? 'about 3" wide, "soft" shading, =SUM(1,2)' : "for my sister"}`;
      const notes =
        i % 5 === 0
          ? `Called back, ${pick(["deposit paid", "prefers Saturdays", "sent sketch", "needs quote"])}`
          : null;
      consultation.run(
        `bench-c-${i}`,
        p.name,
        p.email,
        p.phone,
        idea,
        pick(sizes),
        pick(placements),
        statuses[i % statuses.length],
        notes,
        p.created,
        p.created,
      );
    }
    for (let i = 0; i < contacts; i++) {
      const p = person(i * 7);
      const message = `Hi, do you do ${pick(styles)} ${pick(subjects)} pieces on the ${pick(placements)}? ${i % 11 === 0 ? '<b>Thanks</b> & "cheers"' : "Thanks!"}`;
      contact.run(
        `bench-m-${i}`,
        p.name,
        p.email,
        p.phone,
        pick(styles),
        message,
        contactStatuses[i % contactStatuses.length],
        null,
        p.created,
        p.created,
      );
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  return { consultations, contacts };
}
