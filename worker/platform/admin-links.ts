/**
 * The admin's card of a request or message, as every link to it is written (e-mails, push
 * notices, calendar events): the card alone (`id`), opened (`open`), so it shows wherever the
 * item falls in the list, however old.
 */
export function cardUrl(
  siteUrl: string,
  id: string,
  collection: "consultations" | "contacts" = "consultations",
) {
  const kind = collection === "contacts" ? "kind=contacts&" : "";
  const item = encodeURIComponent(id);
  return new URL(`/admin/consultations?${kind}id=${item}&open=${item}`, siteUrl).toString();
}
