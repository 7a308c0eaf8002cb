import { type LifecycleState, stateViews } from "./request-lifecycle";
import { z } from "./schemas/z";

/**
 * The dashboard's path from request to healed tattoo: how many requests reached each stage, and
 * the conversion from each stage to the next, over a chosen period of requests. Each stage past
 * the request is a state of the request's lifecycle (shared/request-lifecycle.ts), named as the
 * artist's cards name it.
 */
export const funnelStages = ["requests", "quoted", "depositPaid", "booked", "completed"] as const;
export type FunnelStage = (typeof funnelStages)[number];

/** The lifecycle state each stage past the request stands for. */
const funnelStates: Record<Exclude<FunnelStage, "requests">, LifecycleState> = {
  quoted: "quoted",
  depositPaid: "deposit-paid",
  booked: "booked",
  completed: "completed",
};

export const funnelStageLabels: Record<FunnelStage, string> = {
  requests: "Requests",
  quoted: stateViews[funnelStates.quoted].badge,
  depositPaid: stateViews[funnelStates.depositPaid].badge,
  booked: stateViews[funnelStates.booked].badge,
  completed: stateViews[funnelStates.completed].badge,
};

/** The periods the dashboard offers, by the requests' arrival, with their days (null: all time). */
export const funnelPeriods = { "30d": 30, "90d": 90, "365d": 365, all: null } as const;
export type FunnelPeriod = keyof typeof funnelPeriods;
export const funnelPeriodLabels: Record<FunnelPeriod, string> = {
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "365d": "Last 12 months",
  all: "All time",
};

export const funnelQuerySchema = z.object({
  period: z
    .enum(Object.keys(funnelPeriods) as [FunnelPeriod, ...FunnelPeriod[]], {
      message: "Choose 30d, 90d, 365d or all",
    })
    .default("90d"),
});

/** A share as a whole percent, or null when there is nothing to divide. */
export const percentOf = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 100);
