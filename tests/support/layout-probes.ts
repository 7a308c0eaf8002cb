// What a visitor notices about a page's layout, measured inside the page. Each probe is passed to
// page.evaluate, so it is self-contained: no imports, no helpers from outside its own body.

export interface CoverageReport {
  /** An interactive element or a line of text under a floating fixed/sticky element. */
  covered: string[];
  /** Interactive elements that no scroll position shows whole, clear of the sticky header. */
  unreachable: string[];
  /** Scroll positions looked at. */
  steps: number;
}

/**
 * Scrolls the page from top to bottom, half a viewport at a time, and at every stop
 * looks at every fixed or sticky box. A bar stuck across the top (the site header) is allowed to
 * hide what has scrolled up past it, as the browser's own toolbar does; every other fixed or
 * sticky box must not lie over any visible interactive element or text. And every interactive
 * element must be seen whole below the header at one stop at least: nothing is stuck under a bar.
 */
export async function probeCoverage(): Promise<CoverageReport> {
  const interactive =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  type Box = { top: number; left: number; bottom: number; right: number };
  const overlap = (a: Box, b: Box) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const describe = (el: Element) => {
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim();
    return `${el.tagName.toLowerCase()} "${name.slice(0, 50)}"`;
  };
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  /** The part of an element not cut off by an ancestor that clips its overflow. */
  const clipped = (el: Element): Box | null => {
    const r = el.getBoundingClientRect();
    let box: Box = { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === "visible" && style.overflowY === "visible" && style.clip === "auto") continue;
      const c = a.getBoundingClientRect();
      box = {
        top: Math.max(box.top, c.top),
        left: Math.max(box.left, c.left),
        bottom: Math.min(box.bottom, c.bottom),
        right: Math.min(box.right, c.right),
      };
    }
    return box.right - box.left > 1 && box.bottom - box.top > 1 ? box : null;
  };

  // Where each interactive element lies in the document, and the tallest stuck top bar.
  const seen = new Map<Element, { top: number; bottom: number }>();
  const covered = new Set<string>();
  let barHeight = 0;
  let steps = 0;
  for (let y = 0; ; ) {
    window.scrollTo(0, y);
    await frame();
    steps++;
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const floating = [...document.querySelectorAll("body *")].filter((el) => {
      const position = getComputedStyle(el).position;
      if (position !== "fixed" && position !== "sticky") return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && el.checkVisibility({ opacityProperty: true });
    });
    const isTopBar = (r: DOMRect) => r.top <= 1 && r.width >= vw * 0.9 && r.height < vh / 3;
    const bars = floating.filter((el) => isTopBar(el.getBoundingClientRect()));
    const others = floating.filter((el) => !bars.includes(el));
    barHeight = Math.max(barHeight, ...bars.map((el) => el.getBoundingClientRect().bottom));
    const inside = (el: Element) => floating.some((f) => f.contains(el));

    for (const el of document.querySelectorAll(interactive)) {
      if (inside(el) || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = clipped(el);
      if (!box || box.bottom <= 0 || box.top >= vh || box.right <= 0 || box.left >= vw) continue;
      seen.set(el, { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY });
      for (const f of others) {
        if (overlap(f.getBoundingClientRect(), box)) covered.add(`${describe(el)} under ${describe(f)}`);
      }
    }
    if (others.length > 0) {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? "";
        if (!parent || !text || inside(parent) || !parent.checkVisibility()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.bottom <= 0 || r.top >= vh) continue;
          for (const f of others) {
            if (overlap(f.getBoundingClientRect(), r))
              covered.add(`text "${text.slice(0, 40)}" under ${describe(f)}`);
          }
        }
      }
    }
    const max = document.documentElement.scrollHeight - vh;
    if (y >= max || steps >= 120) break;
    y = Math.min(max, y + Math.round(vh / 2));
  }
  // Some scroll position must show each element whole between the top bar and the bottom edge;
  // one taller than that space is read by scrolling through it.
  const vh = window.innerHeight;
  const max = document.documentElement.scrollHeight - vh;
  const unreachable = [...seen]
    .filter(([, { top, bottom }]) => {
      if (bottom - top > vh - barHeight) return false;
      const from = Math.max(0, bottom - vh);
      const to = Math.min(max, top - barHeight);
      return from > to + 1;
    })
    .map(([el]) => describe(el));
  window.scrollTo(0, 0);
  return { covered: [...covered], unreachable, steps };
}

/**
 * Words the layout breaks across two lines. A word may wrap after a hyphen, a dash or a slash,
 * as a reader expects; anywhere else the two parts of a word on two lines are a break mid-word
 * (overflow-wrap: anywhere, word-break: break-all, automatic hyphenation, a column too narrow).
 * A phone number is one word: split at its hyphen it reads as two numbers.
 */
export function probeWordBreaks(): string[] {
  const broken: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? "";
    if (!parent || !text.trim() || parent.closest("script, style, noscript, template")) continue;
    if (!parent.checkVisibility({ visibilityProperty: true })) continue;
    const box = parent.getBoundingClientRect();
    // Visually hidden text (a 1 px box) is read aloud, not laid out for the eye.
    if (box.width <= 2 || box.height <= 2) continue;
    // A word may break after its own hyphen; a phone number may not break at all.
    for (const match of text.matchAll(/\(\d{3}\)\s\d{3}-\d{4}|[^\s\-‐–—/]+[-‐–—/]?/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0.5).map((r) => r.top);
      if (tops.length < 2) continue;
      if (Math.max(...tops) - Math.min(...tops) > 4) {
        const around = text.slice(Math.max(0, match.index - 20), match.index + match[0].length + 20);
        broken.push(`"${match[0]}" in "${around.replace(/\s+/g, " ").trim()}"`);
      }
    }
  }
  return broken;
}

/** How far the page scrolls sideways, in CSS pixels (0 when it fits its viewport). */
export function probeSidewaysScroll(): number {
  const root = document.documentElement;
  return Math.max(0, root.scrollWidth - root.clientWidth);
}

/** Whether the header's link to the booking page shows where the visitor is on the page. */
export function probeHeaderBookInView(): boolean {
  return [...document.querySelectorAll(".site-header a[href='/book-consultation']")].some((link) => {
    const r = link.getBoundingClientRect();
    return link.checkVisibility() && r.top >= 0 && r.bottom <= window.innerHeight && r.width > 20;
  });
}
