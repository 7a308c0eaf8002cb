/**
 * A page served without the site's scripts: the given script and preload elements are dropped
 * and the stylesheet every script-less page uses takes their place, so what the scripts would
 * have drawn (open menus, hydrated forms) is styled as its plain HTML instead.
 */
export function withoutScripts(rewriter: HTMLRewriter, scripts: string): HTMLRewriter {
  return rewriter
    .on(scripts, {
      element: (el) => {
        el.remove();
      },
    })
    .on("head", {
      element: (el) => {
        el.append('<link rel="stylesheet" href="/noscript.css" />', { html: true });
      },
    });
}
