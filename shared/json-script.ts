/**
 * JSON text made safe to stand inside a `<script>` element of a data type (page data, structured
 * data, an answer a page was drawn from): the browser never runs it, and with every `<` escaped
 * (JSON reads `\u003c` back as `<`) no text in the data can close the element early.
 */
export const scriptSafeJson = (json: string): string => json.replace(/</g, "\\u003c");
