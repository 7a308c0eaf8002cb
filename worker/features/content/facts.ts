import { contentFromModules } from "../../../shared/content/module-content";
import { type Facts, factsFrom } from "../../../shared/content-facts";
import type { StudioContent } from "../../../shared/schemas/content";
import { paymentSetupKey, paymentSetupOf } from "../../platform/config";
import { log } from "../../platform/log";
import { latestPublishedContent } from "./service";

/**
 * The studio's facts as the live version publishes them, for everything the worker writes
 * outside the pages: e-mails, status pages, calendar files, form answers. The same reader the
 * pages use (`factsFrom`), with how this deployment takes payment, so an e-mail never states a
 * phone number, an address or a deposit rule that the site no longer does. When the content
 * cannot be read, the build's (the seed's) facts: an e-mail still goes, a page still answers.
 */
export async function publishedFacts(env: FactsEnv): Promise<Facts> {
  return (await publishedWithFacts(env)).facts;
}

type FactsEnv = { DB: D1Database } & Parameters<typeof paymentSetupOf>[0];

/** The live content itself with its facts, for a reader of a list section too (the FAQ). */
export async function publishedWithFacts(
  env: FactsEnv,
): Promise<{ content: StudioContent; facts: Facts; version: number | null }> {
  const published = await latestPublishedContent(env.DB).catch((error) => {
    log("warn", "facts from the build: content unreadable", { error: String(error) });
    return null;
  });
  const content = published?.content ?? builtContent();
  return { content, facts: factsOf(content, env), version: published?.version ?? null };
}

/**
 * Facts worked out once per content and payment setup: a version's content object is shared by
 * every reader of that version (publishedVersionAt), so this costs nothing after the first.
 */
const known = new WeakMap<StudioContent, Map<string, Facts>>();

function factsOf(content: StudioContent, env: Parameters<typeof paymentSetupOf>[0]): Facts {
  const payment = paymentSetupOf(env);
  const key = paymentSetupKey(payment);
  let bySetup = known.get(content);
  if (!bySetup) {
    bySetup = new Map();
    known.set(content, bySetup);
  }
  const found = bySetup.get(key);
  if (found) return found;
  const facts = factsFrom({ ...content, payment });
  bySetup.set(key, facts);
  return facts;
}

let built: StudioContent | undefined;
const builtContent = () => {
  built ??= contentFromModules();
  return built;
};
