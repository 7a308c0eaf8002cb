import { describe, expect, it } from "vitest";
import { consultationSchema } from "../../shared/schemas/consultation";
import { contactSchema } from "../../shared/schemas/contact";
import { fieldErrors, messages } from "../../shared/schemas/fields";
import { acceptsEach, consultationWith, contactWith, fieldError, refusesEach } from "./field-rules-support";
import { validContact } from "./submission-support";

describe("e-mail rule", () => {
  refusesEach(
    [["contact", "email"]],
    [
      [undefined, messages.emailRequired],
      ["   ", messages.emailRequired],
      [`${"a".repeat(250)}@x.io`, messages.emailTooLong],
      ["not-an-email", messages.emailFormat],
      ["name@domain", messages.emailFormat],
      ["two@@example.com", messages.emailFormat],
      ["<script>@example.com", messages.emailCharacters],
      ["javascript:alert(1)@example.com", messages.emailCharacters],
      [`${"a".repeat(65)}@example.com`, messages.emailLocalTooLong],
      [`${"a".repeat(240)}@x.io`, messages.emailLocalTooLong],
    ],
  );

  acceptsEach(
    [["contact", "email"]],
    [
      "first.last+tattoo@sub.example.co.uk",
      "o'brien@example.ie",
      "MARA@EXAMPLE.COM",
      "x_y-z@my-domain.studio",
    ],
  );

  it("trims and lower-cases the address", () => {
    const data = contactSchema.parse(contactWith({ email: "  Mara.Ellison@Example.COM " }));
    expect(data.email).toBe("mara.ellison@example.com");
  });
});

describe("name rule", () => {
  refusesEach(
    [["contact", "name"]],
    [
      [undefined, messages.nameRequired],
      ["", messages.nameRequired],
      ["A", messages.nameTooShort],
      ["x".repeat(51), messages.nameTooLong],
      ["R2-D2", messages.nameCharacters],
      ["Robert'); DROP", messages.nameCharacters],
      ["<b>Bob</b>", messages.nameCharacters],
      ["name@example.com", messages.nameCharacters],
    ],
  );

  acceptsEach(
    [["contact", "name"]],
    [
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
    ],
  );
});

describe("phone rule", () => {
  it("is required on the consultation form", () => {
    expect(fieldError(["consultation", "phone"], "")).toBe(messages.phoneRequired);
  });

  it("is optional on the contact form and stored as null when blank", () => {
    expect(contactSchema.parse(contactWith({ phone: "" })).phone).toBeNull();
  });

  refusesEach(
    [["consultation", "phone"]],
    [
      ["555-0142", messages.phoneLength],
      ["1234567890123456", messages.phoneLength],
      ["301555014x", messages.phoneCharacters],
      ["++13015550142", messages.phoneCharacters],
      ["301 555 0142 ext", messages.phoneCharacters],
    ],
  );

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
  refusesEach(
    [["contact", "message"]],
    [
      ["", messages.textRequired],
      ["too short", messages.textTooShort(10)],
      ["x".repeat(1001), messages.textTooLong(1000)],
      ["<script>alert(1)</script> a rose please", messages.textDangerous],
      ['A rose <img src=x onerror="alert(1)">', messages.textDangerous],
    ],
    "contact message %j -> %s",
  );

  it("counts characters as people do (emoji count once)", () => {
    expect(fieldError(["contact", "message"], "🌹".repeat(1000))).toBeUndefined();
    expect(fieldError(["contact", "message"], "🌹".repeat(10))).toBeUndefined();
  });

  it("service is optional up to 100 characters", () => {
    expect(fieldError(["contact", "service"], "")).toBeUndefined();
    expect(fieldError(["contact", "service"], "x".repeat(101))).toBe(messages.textTooLong(100));
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
    expect(fieldError(["consultation", field], value)).toBe(expected);
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
    expect(fieldError(["contact", "ageVerification"], ageVerification)).toBe(messages.ageRequired);
    expect(fieldError(["consultation", "ageVerification"], ageVerification)).toBe(messages.ageRequired);
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
