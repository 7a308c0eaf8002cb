import { describe, expect, it } from "vitest";
import { contactSchema } from "../../shared/schemas/contact";
import { messages } from "../../shared/schemas/fields";
import { acceptsEach, contactWith, fieldError, refusesEach } from "./field-rules-support";

/**
 * The shared field rules at the edges an outsider probed: e-mail part lengths, characters that
 * hide or reorder text, and messages without words; and the real text they must keep accepting.
 */

describe("e-mail lengths as mail servers count them", () => {
  const domainOf = (length: number) => {
    // Labels of at most 63 characters, separated by dots, ending in ".io".
    const labels: string[] = [];
    let left = length - 3;
    while (left > 0) {
      const size = Math.min(63, left);
      labels.push("d".repeat(size));
      left -= size + 1;
    }
    return `${labels.join(".")}.io`;
  };

  it("accepts a 64-character local part and a 254-character address, refuses one more", () => {
    const local64 = `${"a".repeat(64)}@example.com`;
    expect(fieldError(["contact", "email"], local64)).toBeUndefined();
    const full = `${"b".repeat(64)}@${domainOf(254 - 65)}`;
    expect(full).toHaveLength(254);
    expect(fieldError(["contact", "email"], full)).toBeUndefined();
    const tooLong = `${"b".repeat(64)}@${domainOf(255 - 65)}`;
    expect(tooLong).toHaveLength(255);
    expect(fieldError(["contact", "email"], tooLong)).toBe(messages.emailTooLong);
  });
});

describe("hidden characters and words", () => {
  refusesEach(
    [
      ["contact", "message"],
      ["consultation", "tattooIdea"],
    ],
    [
      ["Hi there\u0000, a rose please", messages.textHidden],
      ["Hi there\u0007, a rose please", messages.textHidden],
      ["A rose please \u001b[31m", messages.textHidden],
      ["A rose \u0085please, small", messages.textHidden],
      ["A rose \u007fplease, small", messages.textHidden],
      ["Invoice \u202Egpj.exe, a rose", messages.textHidden],
      ["A rose \u202Aplease\u202C small", messages.textHidden],
      ["A rose \u2066please\u2069 small", messages.textHidden],
      ["A rose pl\u200Bease, small", messages.textHidden],
      ["A rose pl\u2060ease, small", messages.textHidden],
      ["A rose \uFEFFplease, small", messages.textHidden],
      ["A rose \u3164 please, small", messages.textHidden],
      ["A rose please, small \uD800", messages.textHidden],
      ["A rose please\u{E0049}\u{E0067}\u{E006E}", messages.textHidden],
      ["12345678901", messages.textWords],
      ["!!!!!!!!!!!!", messages.textWords],
      ["555-0142 / 555-0199 #12", messages.textWords],
    ],
    "contact message %j -> %s",
  );

  acceptsEach(
    [
      ["contact", "message"],
      ["consultation", "tattooIdea"],
    ],
    [
      "A rose on my wrist,\nabout 3 inches.\n\tThank you!",
      "Line one\r\nline two of my idea",
      "Zoë's café tattoo, Nguyễn style",
      "我想要一个小玫瑰纹身",
      "バラのタトゥーをお願いします",
      "وشم وردة صغيرة على المعصم",
      "ורד קטן \u200F(3 אינץ')",
      "می‌خواهم یک گل رز کوچک",
      "A family of 👨‍👩‍👧‍👦 with a 👩🏽‍🎨 artist",
      "A flag 🏴󠁧󠁢󠁳󠁣󠁴󠁿 and a ❤️ heart",
      "🌹🌹🌹🌹🌹🌹🌹🌹🌹🌹",
      'Ok, 3" x 4" rose',
    ],
    "accepts %j",
  );

  it("keeps line breaks to the multi-line fields and refuses hidden characters in names", () => {
    expect(fieldError(["consultation", "placement"], "Right\narm")).toBe(messages.textHidden);
    expect(fieldError(["contact", "service"], "small\tone")).toBe(messages.textHidden);
    expect(fieldError(["consultation", "availability"], "Thursdays\nFridays after 3")).toBeUndefined();
    expect(fieldError(["consultation", "budget"], "$600-800")).toBeUndefined();
    expect(fieldError(["contact", "name"], "Alicia \u202EMoreno")).toBe(messages.nameCharacters);
    expect(fieldError(["contact", "email"], "alicia\u202E@example.com")).toBeDefined();
  });

  it("stores Windows line breaks as the browser's", () => {
    const data = contactSchema.parse(contactWith({ message: "First line\r\nsecond line" }));
    expect(data.message).toBe("First line\nsecond line");
  });
});
