/** The income screen's figures, worked out from the API's integer cents. */

/** The change from last year in percent, one decimal; null without a figure last year. */
export const change = (now: number, before: number): number | null =>
  before === 0 ? null : Math.round(((now - before) / Math.abs(before)) * 1000) / 10;

/** The gross margin's rate over the revenue whose cost is known, one decimal; null when none is. */
export const marginRate = (margin: number, costed: number): number | null =>
  costed === 0 ? null : Math.round((margin / costed) * 1000) / 10;
