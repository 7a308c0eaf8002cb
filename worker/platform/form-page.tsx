/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import { FieldError, FormBanner, type FormContact, SuccessBanner } from "./form-answers";
import { markup } from "./markup";
import { withoutScripts } from "./without-scripts";

/**
 * The answer to a form posted without JavaScript: the prerendered page of the form, read from
 * the static assets and rewritten on its way out (HTMLRewriter), so the visitor sees the very
 * page they typed into, with what they typed, each error under its field, and a banner. The
 * page's scripts are taken out and the no-JavaScript stylesheet put in: this copy of the page
 * no longer matches what the scripts would render, so it stays a plain page in every browser.
 */

/**
 * Submitted values by field name: text as typed, a checkbox as ticked or not, a group of
 * checkboxes sharing a name as the values ticked.
 */
export type FormValues = Record<string, string | boolean | string[]>;

export interface FormPageState {
  values?: FormValues;
  /** One message per field name. */
  errors?: Record<string, string>;
  /** The labels the error summary names fields by. */
  labels?: Record<string, string>;
  /** A sentence for the banner at the end of the form. */
  message?: string;
  /**
   * The success banner (the contact form's), put at the top of the form under the id
   * `sentAnchor`, where the redirect after a saved post lands: without a script nothing else
   * would bring it into view on a phone, below the studio's details.
   */
  success?: string;
  /** Elements taken out of the page (the link to a form that is no longer there). */
  remove?: string[];
  /** Markup that replaces the element matching `replace.selector` (the 'Request Sent!' screen). */
  replace?: { selector: string; html: string };
  /** The page's title instead of its own (a page that now says something else). */
  title?: string;
}

/** Attribute values as lol-html hands them over: still entity-encoded. */
const decodeAttribute = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : "'",
  );

const errorHtml = (id: string, message: string) => markup(<FieldError id={id} message={message} />);

function bannerHtml(state: FormPageState, formSelector: string, contact: FormContact): string {
  const failing = Object.entries(state.errors ?? {}).map(
    ([name, message]) => [state.labels?.[name] ?? name, message] as [string, string],
  );
  return markup(
    <FormBanner
      form={formSelector}
      message={state.message ?? "Some fields need attention."}
      failing={failing}
      contact={contact}
    />,
  );
}

/**
 * Rewrites the form page `page` for the form posting to `action`; a refusal's banner names
 * `contact`, the studio's published phone and e-mail.
 */
export function renderFormPage(
  page: Response,
  action: string,
  state: FormPageState,
  contact: FormContact,
): Response {
  const form = `form[action="${action}"]`;
  const values = state.values ?? {};
  const errors = state.errors ?? {};
  const lengths = new Map<string, number>();
  // Errors placed after a later element: a textarea's counter, a checkbox's label.
  const pendingErrors = new Map<string, { id: string; name: string }>();
  let currentSelect = "";
  let focused = false;
  // A group of checkboxes has one error, told at its first box.
  const marked = new Set<string>();

  const markInvalid = (element: Element, name: string) => {
    const message = errors[name];
    if (!message || marked.has(name)) return;
    marked.add(name);
    const id = element.getAttribute("id") ?? name;
    element.setAttribute("aria-invalid", "true");
    const described = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    element.setAttribute("aria-describedby", [...described, `${id}-error`].join(" "));
    // No script can move focus: the first field to fix takes it as the page loads.
    if (!focused) {
      focused = true;
      element.setAttribute("autofocus", "");
    }
    return id;
  };

  let rewriter = withoutScripts(
    new HTMLRewriter(),
    'script[type="module"], script[data-entry], link[rel="modulepreload"]',
  )
    .on("title", {
      element: (el) => {
        if (state.title) el.setInnerContent(state.title);
        if (Object.keys(errors).length || state.message) el.prepend("Please check the form: ");
      },
    })
    .on(`${form} input[name], ${form} textarea[name]`, {
      element: (el) => {
        const name = el.getAttribute("name") ?? "";
        // The honeypot is never sent back: a value a browser put there would be refused again.
        if (name === "website" || !(name in values || name in errors)) return;
        const value = values[name];
        if (el.tagName === "textarea") {
          const text = typeof value === "string" ? value : "";
          el.setInnerContent(text);
          lengths.set(`${el.getAttribute("id")}-count`, [...text].length);
        } else if (el.getAttribute("type") === "checkbox") {
          const ticked = Array.isArray(value)
            ? value.includes(decodeAttribute(el.getAttribute("value") ?? ""))
            : value === true;
          if (ticked) el.setAttribute("checked", "");
          else el.removeAttribute("checked");
        } else {
          // lol-html escapes the quote in an attribute value but not the ampersand: without this,
          // typed "&amp;" would come back as "&".
          el.setAttribute("value", (typeof value === "string" ? value : "").replace(/&/g, "&amp;"));
        }
        const id = markInvalid(el, name);
        if (!id) return;
        // A field's error follows it (after a textarea's counter, after a checkbox's label), as
        // the browser form shows it.
        if (el.tagName === "textarea") pendingErrors.set(`${id}-count`, { id, name });
        else if (el.getAttribute("type") === "checkbox") pendingErrors.set(`label:${id}`, { id, name });
        else el.after(errorHtml(id, errors[name] ?? ""), { html: true });
      },
    })
    .on(`${form} select[name]`, {
      element: (el) => {
        const name = el.getAttribute("name") ?? "";
        currentSelect = name;
        const id = markInvalid(el, name);
        if (id) el.after(errorHtml(id, errors[name] ?? ""), { html: true });
      },
    })
    .on(`${form} select[name] option`, {
      element: (el) => {
        const value = values[currentSelect];
        if (typeof value !== "string") return;
        if (decodeAttribute(el.getAttribute("value") ?? "") === value) el.setAttribute("selected", "");
        else el.removeAttribute("selected");
      },
    })
    .on(`${form} [id$="-count"]`, {
      element: (el) => {
        const id = el.getAttribute("id") ?? "";
        const length = lengths.get(id);
        const max = el.getAttribute("data-max");
        if (length !== undefined && max) el.setInnerContent(`${length} / ${max} characters`);
        const pending = pendingErrors.get(id);
        if (pending) el.after(errorHtml(pending.id, errors[pending.name] ?? ""), { html: true });
      },
    })
    .on(`${form} label[for]`, {
      element: (el) => {
        const pending = pendingErrors.get(`label:${el.getAttribute("for")}`);
        if (pending) el.after(errorHtml(pending.id, errors[pending.name] ?? ""), { html: true });
      },
    });
  if (Object.keys(errors).length || state.message) {
    rewriter = rewriter.on(`${form} .form-status-region[role="alert"]`, {
      element: (el) => {
        el.setInnerContent(bannerHtml(state, action, contact), { html: true });
      },
    });
  }
  if (state.success) {
    const success = state.success;
    rewriter = rewriter.on(form, {
      element: (el) => {
        el.prepend(markup(<SuccessBanner message={success} />), { html: true });
      },
    });
  }
  for (const selector of state.remove ?? []) {
    rewriter = rewriter.on(selector, {
      element: (el) => {
        el.remove();
      },
    });
  }
  if (state.replace) {
    const { selector, html } = state.replace;
    rewriter = rewriter.on(selector, {
      element: (el) => {
        el.replace(html, { html: true });
      },
    });
  }
  return rewriter.transform(page);
}

/**
 * The answer carrying a rewritten form page: HTML that holds what the visitor typed, so never
 * cached and never indexed, with the request's cookies (a session just made, a consent set) and
 * any `extraHeaders` (a Retry-After). The length and ETag were the untouched page's.
 */
export function formPageResponse(
  c: Context,
  rendered: Response,
  status: number,
  extraHeaders: Record<string, string> = {},
): Response {
  const headers = new Headers(rendered.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex");
  headers.delete("Content-Length");
  headers.delete("ETag");
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  for (const cookie of c.res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(rendered.body, { status, headers });
}
