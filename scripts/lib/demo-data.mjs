// Demo inbox rows for local development: realistic requests and messages spread over the last
// twelve weeks, with fixed ids so loading them twice changes nothing (INSERT OR IGNORE).
import { executeLocalSql, sqlString } from "./local-env.mjs";

const day = 86_400_000;
const ago = (days, hour = 14) => {
  const date = new Date(Date.now() - days * day);
  date.setUTCHours(hour, 17, 0, 0);
  return date.toISOString();
};

export const demoConsultations = [
  [
    "Alicia Moreno",
    "alicia.moreno@example.com",
    "3015550111",
    "A fine-line sprig of lavender and chamomile wrapping my left ankle, for my grandmother.",
    "Small (2-3 inches)",
    "Left ankle",
    "Within a month",
    "first tattoo",
    "$200-400",
    "Saturdays after 1 PM",
    "pending",
    1,
  ],
  [
    "Devon Carter",
    "devon.carter@example.com",
    "2405550172",
    "Black and grey realism of my late dog Juno, from a photo, on my upper arm.",
    "Medium (4-6 inches)",
    "Right upper arm",
    "2-3 months",
    "1-2 tattoos",
    "$600-800",
    "Thursday or Friday afternoons",
    "contacted",
    4,
  ],
  [
    "Priya Natarajan",
    "priya.n@example.com",
    "3015550190",
    "Cover-up of an old tribal band with a Japanese wave and peonies.",
    "Large (7+ inches)",
    "Left forearm",
    "Flexible",
    "several tattoos",
    "$800+",
    "Weekends",
    "scheduled",
    9,
  ],
  [
    "Marcus Bell",
    "marcus.bell@example.com",
    "2025550143",
    "Traditional swallow and dagger, bold colour, flash-style.",
    "Small (2-3 inches)",
    "Chest, right side",
    "ASAP",
    "heavily tattooed",
    "$200-400",
    "Any weekday",
    "completed",
    20,
  ],
  [
    "Hannah Whitfield",
    "hannah.w@example.com",
    "4435550126",
    "Geometric moon phases down my spine, thin lines with dotwork shading.",
    "Large (7+ inches)",
    "Spine",
    "2-3 months",
    "1-2 tattoos",
    "$600-800",
    "Sunday afternoons",
    "pending",
    2,
  ],
  [
    "Luis Ortega",
    "luis.ortega@example.com",
    "3015550155",
    "My daughter's handwriting, 'love you to the moon', with a tiny crescent.",
    "Small (2-3 inches)",
    "Inner wrist",
    "Within 2 weeks",
    "first tattoo",
    "",
    "Friday 12-3 PM",
    "contacted",
    13,
  ],
  [
    "Grace Kim",
    "grace.kim@example.com",
    "2405550108",
    "Neo-traditional fox curled around a mushroom, muted autumn palette.",
    "Medium (4-6 inches)",
    "Thigh",
    "Within a month",
    "several tattoos",
    "$400-600",
    "Thursdays",
    "completed",
    34,
  ],
  [
    "Owen Fitzgerald",
    "owen.fitz@example.com",
    "3015550137",
    "Celtic knot band with my family's initials hidden in the weave.",
    "Medium (4-6 inches)",
    "Calf",
    "Flexible",
    "1-2 tattoos",
    "$400-600",
    "Evenings by appointment",
    "cancelled",
    41,
  ],
  [
    "Jasmine Ware",
    "jasmine.ware@example.com",
    "2025550164",
    "Watercolour hummingbird with a splash of violet behind my ear.",
    "Small (2-3 inches)",
    "Behind the ear",
    "ASAP",
    "first tattoo",
    "$200-400",
    "Saturday mornings",
    "scheduled",
    27,
  ],
  [
    "Tomás Rivera",
    "tomas.rivera@example.com",
    "4435550183",
    "Sleeve start: Aztec sun stone in black and grey, shoulder cap first.",
    "Large (7+ inches)",
    "Right shoulder",
    "2-3 months",
    "heavily tattooed",
    "$800+",
    "Flexible",
    "pending",
    0,
  ],
  [
    "Elena Popescu",
    "elena.popescu@example.com",
    "3015550119",
    "Botanical linework: olive branch for my move to the States.",
    "Medium (4-6 inches)",
    "Forearm",
    "Within a month",
    "1-2 tattoos",
    "$400-600",
    "Sunday",
    "completed",
    62,
  ],
  [
    "Nate Okafor",
    "nate.okafor@example.com",
    "2405550199",
    "Biomechanical gears peeking through skin on my calf.",
    "Large (7+ inches)",
    "Left calf",
    "Flexible",
    "several tattoos",
    "$800+",
    "Thursday-Saturday",
    "contacted",
    75,
  ],
];

export const demoContacts = [
  [
    "Rachel Gomez",
    "rachel.gomez@example.com",
    "3015550101",
    "small",
    "Do you do walk-ins for small script pieces on Saturdays? Looking at two words on my wrist.",
    false,
    "unread",
    0,
  ],
  [
    "Ben Thornton",
    "ben.thornton@example.com",
    null,
    "coverup",
    "I have an old name tattoo I'd love covered. Could you take a look at a photo before I book?",
    true,
    "read",
    3,
  ],
  [
    "Aisha Bello",
    "aisha.bello@example.com",
    "2405550177",
    "consultation",
    "Hi! My sister and I want matching pieces. Can we come to one consultation together?",
    false,
    "responded",
    6,
  ],
  [
    "Kevin Liu",
    "kevin.liu@example.com",
    null,
    "large",
    "What's the usual session length for a half sleeve, and do you split it over several days?",
    false,
    "unread",
    1,
  ],
  [
    "Maria Santos",
    "maria.santos@example.com",
    "3015550166",
    "other",
    "How long should I wait after my tattoo heals before a beach holiday? Got mine with you last month.",
    true,
    "responded",
    15,
  ],
  [
    "Chris Doyle",
    "chris.doyle@example.com",
    null,
    "medium",
    "Is the $100 deposit cash only, or can I send it by Zelle?",
    false,
    "archived",
    40,
  ],
  [
    "Nadia Hussein",
    "nadia.hussein@example.com",
    "4435550122",
    "small",
    "Do you have any of the botanical flash designs still available? The fern one caught my eye.",
    false,
    "read",
    11,
  ],
  [
    "Jordan Price",
    "jordan.price@example.com",
    null,
    "consultation",
    "I'm 17 and turning 18 next month; can I book the consultation now for after my birthday?",
    false,
    "responded",
    22,
  ],
];

export function demoSql() {
  const consultations = demoConsultations.map(
    (
      [name, email, phone, idea, size, placement, timeframe, experience, budget, availability, status, days],
      i,
    ) => {
      const id = `demo-consultation-${String(i + 1).padStart(2, "0")}`;
      const created = ago(days, 10 + (i % 8));
      return `INSERT OR IGNORE INTO consultation_requests (id, name, email, phone, tattoo_idea, size, placement, timeframe, experience, budget, availability, status, created_at, updated_at) VALUES (${[id, name, email, phone, idea, size, placement, timeframe, experience, budget || null, availability, status, created, created].map(sqlString).join(", ")});`;
    },
  );
  const contacts = demoContacts.map(([name, email, phone, service, message, newsletter, status, days], i) => {
    const id = `demo-contact-${String(i + 1).padStart(2, "0")}`;
    const created = ago(days, 9 + (i % 9));
    const responded = status === "responded" ? ago(Math.max(days - 1, 0), 18) : null;
    return `INSERT OR IGNORE INTO contact_submissions (id, name, email, phone, service_interest, message, newsletter_signup, status, created_at, updated_at, responded_at, responded_by) VALUES (${[id, name, email, phone, service, message, newsletter, status, created, responded ?? created, responded, responded ? "local-admin" : null].map(sqlString).join(", ")});`;
  });
  // Each demo submission's notification to the artist, as the outbox would have left it: most
  // delivered a minute later, one still retrying and one given up, so the admin shows each state.
  const notification = (kind, id, created, i) => {
    const status = i === 1 ? "retry" : i === 2 ? "failed" : "sent";
    const attempt = new Date(Date.parse(created) + 60_000).toISOString();
    const attempts = status === "sent" ? 1 : status === "retry" ? 2 : 8;
    return `INSERT OR IGNORE INTO notification_outbox (id, submission_kind, submission_id, status, attempts, next_attempt_at, last_attempt_at, last_error, provider, sent_at, created_at, updated_at) VALUES (${[`demo-outbox-${id}`, kind, id, status, attempts, attempt, attempt, status === "sent" ? null : "demo: mail provider unreachable", "demo", status === "sent" ? attempt : null, created, attempt].map(sqlString).join(", ")});`;
  };
  const outbox = [
    ...demoConsultations.map((row, i) =>
      notification(
        "consultation",
        `demo-consultation-${String(i + 1).padStart(2, "0")}`,
        ago(row[11], 10 + (i % 8)),
        i,
      ),
    ),
    ...demoContacts.map((row, i) =>
      notification(
        "contact",
        `demo-contact-${String(i + 1).padStart(2, "0")}`,
        ago(row[7], 9 + (i % 9)),
        i + 5,
      ),
    ),
  ];
  return [...consultations, ...contacts, ...outbox].join("\n");
}

export function loadDemoData() {
  executeLocalSql(demoSql());
  return { consultations: demoConsultations.length, contacts: demoContacts.length };
}
