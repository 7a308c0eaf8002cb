import type { InferResponseType } from "hono/client";
import { api, client } from "../../lib/api";

const admin = client.api.admin;

export type Overview = InferResponseType<typeof admin.overview.$get, 200>;
export type Vitals = InferResponseType<typeof admin.seo.vitals.$get, 200>;
export type Experiments = InferResponseType<typeof admin.experiments.$get, 200>;
export type PageSpeedAnswer = InferResponseType<typeof admin.seo.pagespeed.$get, 200>;
export type SearchAnswer = InferResponseType<(typeof admin.seo)["search-console"]["$get"], 200>;

/** What a Google source answered with, when it answered (live, or from the cache). */
type DataOf<Answer> =
  Extract<Answer, { status: "live" | "cached" }> extends { data: infer Data } ? Data : never;
export type PageSpeedResult = DataOf<PageSpeedAnswer>;
export type SearchAnalytics = DataOf<SearchAnswer>;

export const loadOverview = () => api(admin.overview.$get());
export const loadVitals = () => api(admin.seo.vitals.$get());
export const loadPageSpeed = () => api(admin.seo.pagespeed.$get());
export const loadSearchAnalytics = () => api(admin.seo["search-console"].$get());
export const loadExperiments = () => api(admin.experiments.$get());
