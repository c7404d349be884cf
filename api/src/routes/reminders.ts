import type { z } from "@hono/zod-openapi";
import { Rights } from "@registre/core";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { withField } from "../http/field-problems.ts";
import { translate } from "../http/messages.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../http/openapi.ts";
import { localeOf } from "../http/problem.ts";
import { childMetadata } from "../ids.ts";
import {
  changeReminderSettings,
  lateInvoices,
  loadReminderSettings,
  sendReminder,
} from "../reminders/reminders.ts";
import { answer, body, errors, plain } from "../schemas/common.ts";
import {
  LateInvoiceList,
  ReminderSendInput,
  ReminderSendReport,
  ReminderSettings,
  ReminderSettingsInput,
} from "../schemas/emails.ts";

const tags = ["Reminders"];
type Settings = z.infer<typeof ReminderSettings>;

/**
 * Reminders of late sales invoices (the screen /org/sales/reminders): the late invoices with their
 * figures and the level due, sending one or many, and the organisation's levels and automatic setting.
 */
export const reminderRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("sales.invoices", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listLateInvoices",
      tags,
      responses: { 200: answer(LateInvoiceList, "The late sales invoices, oldest due first"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const [items, settings] = await Promise.all([
        lateInvoices(ctx, orgId),
        loadReminderSettings(ctx, orgId),
      ]);
      return c.json(plain<z.infer<typeof LateInvoiceList>>({ items, settings: settings.state }), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("sales.invoices", Rights.update), {
      method: "post",
      path: "/send",
      operationId: "sendReminders",
      tags,
      description:
        "Sends each invoice's due reminder (the level its lateness reached, above every level sent) with the " +
        "level's default template, in the contact's language, to the contact's first address; each is recorded " +
        "on its invoice. One invoice's refusal (none due, no address, the mail server) does not stop the others.",
      request: body(ReminderSendInput),
      responses: { 200: answer(ReminderSendReport, "What was sent and what was not, and why"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const metadata = commandMetadata(c, ctx);
      const locale = localeOf(c);
      const report: z.infer<typeof ReminderSendReport> = { sent: [], refused: [] };
      const ids = [...new Set(c.req.valid("json").ids)];
      for (const [i, id] of ids.entries()) {
        const outcome = await sendReminder(ctx, orgId, id, childMetadata(metadata, "reminder", i));
        if (outcome.sent)
          report.sent.push({ id, level: outcome.level, messageId: outcome.messageId, to: outcome.to });
        else
          report.refused.push({
            id,
            code: outcome.code,
            message: translate(outcome.code, locale, outcome.params),
          });
      }
      return c.json(report, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("sales.invoices", Rights.read), {
      method: "get",
      path: "/settings",
      operationId: "getReminderSettings",
      tags,
      responses: {
        200: answer(ReminderSettings, "The levels and whether the daily run sends them"),
        ...errors,
      },
    }),
    async (c) => c.json(plain<Settings>((await loadReminderSettings(ctx, sessionOrg(c))).state), 200),
  );

  app.openapi(
    accessRoute(ctx, right("organization", Rights.update), {
      method: "put",
      path: "/settings",
      operationId: "updateReminderSettings",
      tags,
      description: "Three levels, their days after the due date increasing (1 to 365).",
      request: body(ReminderSettingsInput),
      responses: { 200: answer(ReminderSettings, "Changed"), ...errors },
    }),
    async (c) => {
      try {
        const state = await changeReminderSettings(
          ctx,
          sessionOrg(c),
          c.req.valid("json") as Parameters<typeof changeReminderSettings>[2],
          commandMetadata(c, ctx),
        );
        return c.json(plain<Settings>(state), 200);
      } catch (error) {
        throw withField(error, localeOf(c));
      }
    },
  );

  return app;
};
