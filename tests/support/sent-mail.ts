/**
 * The e-mails the served worker sent to an address, as the local send_email binding kept them:
 * wrangler's dev server lists every sent message (its local explorer's API, under /cdn-cgi/, which
 * only a local server answers), newest first, with its text. Only messages sent since `since`.
 */
export async function sentMailTo(
  baseUrl: string,
  to: string,
  since: number,
): Promise<Array<{ subject: string; text: string }>> {
  const api = `${baseUrl}/cdn-cgi/explorer/api/local/email/sending`;
  const found: Array<{ subject: string; text: string }> = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const list = (await (
      await fetch(`${api}?per_page=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)
    ).json()) as {
      result: Array<{ messageId: string; to: string[]; sentAt: string }>;
      result_info?: { cursor?: string; has_more?: boolean };
    };
    for (const item of list.result) {
      if (Date.parse(item.sentAt) < since - 1000 || !item.to.some((address) => address.includes(to)))
        continue;
      const detail = (await (
        await fetch(`${api}?email_id=${encodeURIComponent(item.messageId)}`)
      ).json()) as {
        result: { subject: string; text?: string };
      };
      found.push({ subject: detail.result.subject, text: detail.result.text ?? "" });
    }
    cursor = list.result_info?.cursor;
    if (!list.result_info?.has_more || !cursor) break;
  }
  return found;
}
