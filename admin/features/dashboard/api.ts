import type { InferResponseType } from "hono/client";
import type { PageSpeedResult, SearchAnalytics } from "../../../worker/services/google-apis";
import { api, client } from "../../lib/api";

const admin = client.api.admin;

export type Overview = InferResponseType<typeof admin.overview.$get, 200>;
export type Vitals = InferResponseType<typeof admin.seo.vitals.$get, 200>;
export type Experiments = InferResponseType<typeof admin.experiments.$get, 200>;

/**
 * The Google routes' inferred answers lose the `data` of their live or cached branch: the
 * not-configured and error branches are typed with `never` data, and the union of the three
 * folds the live branch into them. Until those routes declare their answer type, the data's type
 * comes from the worker's Google client that produces it. Once they do, this adds nothing.
 */
type WithData<Answer, Data> = Answer extends { status: "live" | "cached" } ? Answer & { data: Data } : Answer;
export type PageSpeedAnswer = WithData<
  InferResponseType<typeof admin.seo.pagespeed.$get, 200>,
  PageSpeedResult
>;
export type SearchAnswer = WithData<
  InferResponseType<(typeof admin.seo)["search-console"]["$get"], 200>,
  SearchAnalytics
>;
export type { PageSpeedResult, SearchAnalytics };

export const loadOverview = () => api(admin.overview.$get());
export const loadVitals = () => api(admin.seo.vitals.$get());
export const loadPageSpeed = async (): Promise<PageSpeedAnswer> =>
  (await api(admin.seo.pagespeed.$get())) as PageSpeedAnswer;
export const loadSearchAnalytics = async (): Promise<SearchAnswer> =>
  (await api(admin.seo["search-console"].$get())) as SearchAnswer;
export const loadExperiments = () => api(admin.experiments.$get());
