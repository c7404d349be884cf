import { z } from "@hono/zod-openapi";

/** The e-reporting calendar (`/einvoicing/ereporting`): the periods, what was sent, the platform's answer. */

const AckDetail = z.object({
  level: z.string(),
  item: z.string(),
  reasonCode: z.string(),
  reasonMessage: z.string(),
});

const EReportingPartView = z.object({
  part: z.enum(["b2c", "international"]),
  processingRule: z.enum(["B2C", "B2BInt"]),
  sent: z
    .object({
      flowId: z.string(),
      trackingId: z.string(),
      lines: z
        .number()
        .int()
        .openapi({ description: "Days × rates (B2C) or invoices / payments (international)" }),
      at: z.string(),
    })
    .nullable(),
  acknowledgement: z
    .object({ status: z.enum(["Ok", "Error"]), details: z.array(AckDetail), at: z.string() })
    .nullable()
    .openapi({ description: "The platform's acknowledgement of the flow; null while pending" }),
  refusal: z
    .object({ errorCode: z.string(), errorMessage: z.string(), at: z.string() })
    .nullable()
    .openapi({ description: "The platform refused the file at its submission" }),
});

export const EReportingPeriodView = z
  .object({
    id: z.string().openapi({ example: "transactions-2026-11-d1" }),
    kind: z.enum(["transactions", "payments"]),
    cadence: z.enum(["tenDays", "month", "twoMonths"]),
    start: z.string(),
    end: z.string(),
    dueFrom: z.string().openapi({ description: "The first day it may be sent (the job sends it then)" }),
    dueBy: z.string().openapi({ description: "The last day it is due" }),
    status: z
      .enum(["toCome", "due", "late", "nothingToReport", "sent", "acknowledged", "rejected", "refused"])
      .openapi({
        description:
          "toCome: not over; due: over, to send by dueBy; late: past dueBy, not sent; nothingToReport; sent: " +
          "waiting for the platform's answer; acknowledged: every flow Ok; rejected: an acknowledgement Error; " +
          "refused: the platform refused a file at its submission",
      }),
    nothingToReportAt: z.string().nullable(),
    parts: z.array(EReportingPartView),
  })
  .openapi("EReportingPeriod");

export const EReportingCalendar = z
  .object({
    vatRegime: z.enum(["reel_normal", "reel_simplifie", "mini_reel", "franchise"]),
    vatPeriodicity: z.enum(["monthly", "quarterly", "yearly"]),
    connected: z.boolean(),
    today: z.string(),
    periods: z.array(EReportingPeriodView).openapi({ description: "Newest first" }),
  })
  .openapi("EReportingCalendar");

export const EReportingCalendarQuery = z.object({
  months: z.coerce
    .number()
    .int()
    .min(1)
    .max(24)
    .default(3)
    .openapi({ description: "The periods starting in this many months up to the current one" }),
});

export const EReportingPeriodParam = z.object({
  period: z
    .string()
    .max(40)
    .regex(/^(transactions|payments)-\d{4}-\d{2}(-(d[123]|m2))?$/)
    .openapi({ param: { name: "period", in: "path" }, example: "transactions-2026-11-d1" }),
});
