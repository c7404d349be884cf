import { Rights } from "@registre/core";
import { deleteJournal, runJournals } from "../../accounting/books.ts";
import { findChartJournal, listJournals } from "../../accounting/chart.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { answerDeleted } from "../../http/deleted.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { answer, body, errors } from "../../schemas/common.ts";
import {
  CreateJournalInput,
  Journal,
  JournalCodeParam,
  JournalList,
  UpdateJournalInput,
} from "../../schemas/journals.ts";

/** The journals, mounted at /accounting/journals. */
export const journalRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const findJournal = (orgId: string, code: string) => findChartJournal(ctx, orgId, code);

  app.openapi(
    accessRoute(ctx, right("journals", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listJournals",
      tags: ["Accounting"],
      responses: { 200: answer(JournalList, "The journals"), ...errors },
    }),
    async (c) => {
      return c.json({ items: await listJournals(ctx, sessionOrg(c)) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("journals", Rights.create), {
      method: "post",
      path: "/",
      operationId: "createJournal",
      tags: ["Accounting"],
      request: body(CreateJournalInput),
      responses: { 201: answer(Journal, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const b = c.req.valid("json");
      await runJournals(ctx, orgId, { type: "CreateJournal", data: b }, commandMetadata(c, ctx));
      return c.json(await findJournal(orgId, b.code.trim()), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("journals", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getJournal",
      tags: ["Accounting"],
      request: { params: JournalCodeParam },
      responses: { 200: answer(Journal, "The journal"), ...errors },
    }),
    async (c) => c.json(await findJournal(sessionOrg(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("journals", Rights.update), {
      method: "put",
      path: "/{id}",
      operationId: "updateJournal",
      tags: ["Accounting"],
      request: {
        params: JournalCodeParam,
        ...body(UpdateJournalInput),
      },
      responses: { 200: answer(Journal, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { code } = await findJournal(orgId, c.req.valid("param").id);
      await runJournals(
        ctx,
        orgId,
        { type: "UpdateJournal", data: { code, ...c.req.valid("json") } },
        commandMetadata(c, ctx),
      );
      return c.json(await findJournal(orgId, code), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("journals", Rights.delete), {
      method: "delete",
      path: "/{id}",
      operationId: "deleteJournal",
      tags: ["Accounting"],
      request: { params: JournalCodeParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    (c) =>
      answerDeleted(c, ctx, async (orgId, metadata) => {
        const { code } = await findJournal(orgId, c.req.valid("param").id);
        await deleteJournal(ctx, orgId, code, metadata);
      }),
  );

  return app;
};
