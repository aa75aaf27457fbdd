import type { TIP_STATUSES } from "../../db/schema.ts";

export type TipStatus = (typeof TIP_STATUSES)[number];

/** The colours of a tip's status badge, wherever a tip is listed. */
export const TIP_STATUS_STYLES: Record<TipStatus, string> = {
  pending: "bg-amber-400 text-field-950",
  approved: "bg-turf text-field-950",
  rejected: "bg-red-600 text-white",
};
