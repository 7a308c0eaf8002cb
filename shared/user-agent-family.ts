/**
 * A user agent reduced to its family: browser, operating system and device class, e.g.
 * "Chrome on Android (mobile)". Speed figures need no more than that to tell a slow phone from a
 * slow page, and a family is shared by millions of visitors, so it cannot single one out the way
 * a full user-agent string (versions, build numbers, device model) can. The browser reduces it
 * before sending; the worker accepts nothing finer.
 */

const browsers = [
  ["Edge", /Edg(e|A|iOS)?\//],
  ["Samsung Internet", /SamsungBrowser\//],
  ["Opera", /OPR\/|Opera/],
  ["Firefox", /Firefox\/|FxiOS\//],
  ["Chrome", /Chrome\/|CriOS\/|Chromium\//],
  ["Safari", /Safari\//],
] as const;

const systems = [
  ["iPadOS", /iPad/],
  ["iOS", /iPhone|iPod/],
  ["Android", /Android/],
  ["ChromeOS", /CrOS/],
  ["Windows", /Windows/],
  ["macOS", /Macintosh|Mac OS X/],
  ["Linux", /Linux/],
] as const;

const devices = ["mobile", "tablet", "desktop"] as const;

type Family = `${string} on ${string} (${(typeof devices)[number]})`;

const first = <T extends readonly (readonly [string, RegExp])[]>(list: T, ua: string) =>
  list.find(([, pattern]) => pattern.test(ua))?.[0] ?? "Other";

/** "Chrome on Android (mobile)" from a full user-agent string. */
export function userAgentFamily(ua: string): Family {
  const os = first(systems, ua);
  const device =
    os === "iPadOS" || /Tablet|Android(?!.*Mobile)/.test(ua)
      ? "tablet"
      : /Mobi|iPhone|iPod/.test(ua)
        ? "mobile"
        : "desktop";
  return `${first(browsers, ua)} on ${os} (${device})`;
}

/** Exactly the strings `userAgentFamily` can produce, and nothing finer. */
export const userAgentFamilyPattern = new RegExp(
  `^(${[...browsers.map(([name]) => name), "Other"].join("|")}) on (${[...systems.map(([name]) => name), "Other"].join("|")}) \\((${devices.join("|")})\\)$`,
);
