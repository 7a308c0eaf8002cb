import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import postcss, { type AtRule } from "postcss";
import { describe, expect, inject, it } from "vitest";
import { classWords, cssForPage } from "../../scripts/lib/page-css.mjs";
import { publicPages } from "../../shared/routes";
import { gotoReady, hydrateEveryIsland } from "../support/islands";
import { useBrowser } from "../support/use-browser";

/**
 * Each page inlines only the style rules its code can use (scripts/lib/page-css.mjs). What the
 * page's first response carries is budgeted, and no rule the page needs may be missing: every
 * rule left out of a page is checked against the page itself in Chromium, as a first visitor
 * sees it (the privacy dialog open), after the choice (the notice, then the choice named), with every
 * island hydrated, and on the flash sheet and the portfolio with a piece opened.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();

/**
 * Gzipped bytes of a page's inlined stylesheet at most (the whole site's was 7.5 KiB). /flash had
 * 6 KiB until every page drew its privacy strip in the first paint (about 0.1 KiB of it); /gallery
 * had 6.5 KiB until its lazy pictures waited for the first paint (site/styles/art.css, 0.1 KiB
 * that took the further cards' images out of the first screen's bandwidth).
 */
const budgets: Record<string, number> = { "/flash": 6.25 * 1024, "/gallery": 6.6 * 1024 };
const otherPages = 8 * 1024;

const inlined = (html: string) =>
  [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "").join("");

interface Selector {
  /** The selector with the at-rules it sits in and its rule's declarations: the same rule on any page. */
  key: string;
  selector: string;
}

/** Each selector of a stylesheet, as the rule it belongs to. */
function selectorsOf(css: string): Selector[] {
  const found: Selector[] = [];
  postcss.parse(css).walkRules((rule) => {
    const within: string[] = [];
    for (let parent = rule.parent; parent && parent.type === "atrule"; parent = parent.parent) {
      const atRule = parent as AtRule;
      within.unshift(`@${atRule.name} ${atRule.params}`);
    }
    if (within.some((atRule) => /keyframes/.test(atRule))) return;
    const body = rule.nodes.map((node) => node.toString()).join(";");
    for (const selector of rule.selectors)
      found.push({ key: [...within, `${selector} {${body}}`].join(" "), selector });
  });
  return found;
}

/** The rules a page's stylesheet was cut from that its inlined one does not hold. */
function leftOut(path: string, html: string): Selector[] {
  const sources = JSON.parse(readFileSync("dist/meta/page-styles.json", "utf8")) as Record<string, string[]>;
  const files = sources[path];
  if (!files) throw new Error(`No stylesheet sources recorded for ${path}`);
  const whole = files.map((file) => readFileSync(join("dist", file), "utf8")).join("");
  const kept = new Set(selectorsOf(inlined(html)).map(({ key }) => key));
  return selectorsOf(whole).filter(({ key }) => !kept.has(key));
}

/** The left-out rules whose selector matches something on the page as it is now. */
function matching(page: Page, candidates: Selector[]): Promise<string[]> {
  return page.evaluate((rules) => {
    // Whether a selector matches in some state is read from the element it names: a hover or
    // focus style, a pseudo-element, applies to what the rest of the selector matches.
    const stateless = (selector: string) =>
      selector
        .replace(/::?(before|after|backdrop|placeholder|marker|selection|first-letter|first-line)\b/g, "")
        .replace(/::-webkit-[\w-]+/g, "")
        .replace(/:(hover|focus-visible|focus-within|focus|active|visited|target)\b/g, "");
    return rules
      .filter(({ selector }) => {
        try {
          return document.querySelector(stateless(selector).trim() || "*") !== null;
        } catch {
          return false;
        }
      })
      .map(({ key }) => key);
  }, candidates);
}

describe("each page's inlined stylesheet", () => {
  for (const { path } of publicPages) {
    const budget = budgets[path] ?? otherPages;
    it(`${path} inlines at most ${(budget / 1024).toFixed(1)} KiB of CSS, gzipped`, async () => {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const css = inlined(html);
      expect(css.length, "the page inlines its stylesheet").toBeGreaterThan(1000);
      expect(gzipSync(css, { level: 9 }).length).toBeLessThanOrEqual(budget);
    });
  }

  for (const { path } of publicPages) {
    it(`${path} leaves out no rule it uses, before and after its scripts run`, async () => {
      const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
      // The page's own timers (the notice's 3 s) are run forward instead of waited for.
      await context.clock.install();
      try {
        const page = await context.newPage();
        const response = await gotoReady(page, `${baseUrl}${path}`);
        const absent = leftOut(path, (await response?.text()) ?? "");
        const missing = new Set<string>();
        const check = async () => {
          for (const key of await matching(page, absent)) missing.add(key);
        };
        await check();
        // A first visit: the privacy strip asks, and its 'Choose features' opens the dialog.
        await page.locator("html[data-started]").waitFor({ state: "attached" });
        await page.getByRole("button", { name: "Choose features" }).click();
        await expect.poll(() => page.locator("dialog[open]").count(), { timeout: 10_000 }).toBe(1);
        await check();
        await page.getByRole("dialog").getByRole("button", { name: "Essential Only" }).click();
        await expect.poll(() => page.locator(".consent-notice").count()).toBe(1);
        await check();
        await hydrateEveryIsland(page);
        await check();
        const opener = page.locator("main .art-card__open, main a[aria-label^='Open ']").first();
        if (await opener.count()) {
          await opener.click();
          await expect.poll(() => page.locator("dialog[open]").count()).toBe(1);
          await check();
          await page.keyboard.press("Escape");
        }
        // The strip names the choice once the notice has gone.
        await page.clock.fastForward(3000);
        await expect.poll(() => page.locator(".consent-notice").count(), { timeout: 10_000 }).toBe(0);
        await check();
        expect([...missing]).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  }
});

describe("the rule filter (scripts/lib/page-css.mjs)", () => {
  const css =
    "@font-face{font-family:X}.a{color:red}.b--warn{color:red}.card__title{color:red}.c .d{color:red}" +
    "@media (width>=1px){.e{color:red}}.f:not(.g){color:red}.h,.i{color:red}@keyframes k{0%{opacity:0}}";

  it("keeps a rule only when the code holds every class it needs, as written or as built", () => {
    // Source text holding template literals (`b--${kind}`, `${block}__title`), written in pieces.
    const code = [
      'jsx("p", { className: `b--$',
      "{kind}` }); `$",
      '{block}__title`; "c d f h"; /** e, a doc comment */',
    ].join("");
    expect(cssForPage(css, classWords(code))).toBe(
      "@font-face{font-family:X}.b--warn{color:red}.card__title{color:red}.c .d{color:red}" +
        ".f:not(.g){color:red}.h{color:red}@keyframes k{0%{opacity:0}}",
    );
  });

  it("drops a rule whose compound selector needs a class the code never writes", () => {
    expect(cssForPage(".c .d{color:red}", classWords('"c"'))).toBe("");
  });
});
