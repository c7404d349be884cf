import { Rights } from "@registre/core";
import { findEntry } from "../../accounting/entry-view.ts";
import { accountOfLines, letterLines, unletterLines } from "../../accounting/lettering.ts";
import { matchStatementLine } from "../../banks/statements.ts";
import type { AppContext } from "../../context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { childMetadata } from "../../ids.ts";
import { answer, body, errors, UuidParam } from "../../schemas/common.ts";
import {
  EntryReconciliation,
  LetterInput,
  LetteringSet,
  ReconcileInput,
  UnletterInput,
} from "../../schemas/lettering.ts";

/** Lettering: validated lines of an account matched into sets. Mounted at /accounting/entries. */
export const letteringRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "put",
      path: "/mark",
      operationId: "markEntries",
      tags: ["Accounting"],
      request: body(LetterInput),
      responses: { 200: answer(LetteringSet, "Lettered"), ...errors },
    }),
    async (c) =>
      c.json(await letterLines(ctx, sessionOrg(c), c.req.valid("json").lines, commandMetadata(c, ctx)), 200),
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "put",
      path: "/unmark",
      operationId: "unmarkEntries",
      tags: ["Accounting"],
      request: body(UnletterInput),
      responses: { 204: { description: "Unlettered" }, ...errors },
    }),
    async (c) => {
      const b = c.req.valid("json");
      await unletterLines(ctx, sessionOrg(c), b.account, b.code, commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "post",
      path: "/{id}/reconcile",
      operationId: "reconcileEntry",
      tags: ["Accounting"],
      request: {
        params: UuidParam,
        ...body(ReconcileInput),
      },
      description:
        "Reconciles the entry: with `lines`, letters its line(s) on those lines' account with them; with " +
        "`statementLines`, matches each bank statement line to the entry's line on the statement's bank account " +
        "(`StatementLineMatched`, as PUT /banks/statements/{id}/lines/{no}/match does).",
      responses: { 200: answer(EntryReconciliation, "Reconciled"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const entry = await findEntry(ctx, orgId, c.req.valid("param").id);
      const input = c.req.valid("json");
      const metadata = commandMetadata(c, ctx);
      const matched: { statementId: string; no: number; line: number }[] = [];
      let account = "";
      for (const [i, s] of (input.statementLines ?? []).entries()) {
        const target = await matchStatementLine(
          ctx,
          orgId,
          s.statementId,
          s.no,
          { kind: "entry", id: entry.mvt },
          "user",
          childMetadata(metadata, "statement-line", i),
        );
        account = entry.lines.find((l) => l.line === target.line)?.account ?? account;
        matched.push({ statementId: s.statementId, no: s.no, line: target.line });
      }
      const chosen = input.lines;
      if (!chosen) return c.json({ account, code: null, statementLines: matched }, 200);
      // Reconciles this entry's line on the chosen lines' account with them.
      const letterAccount = await accountOfLines(ctx, orgId, chosen);
      const own = entry.lines.filter((l) => l.account === letterAccount).map((l) => `${entry.mvt}/${l.line}`);
      const set = await letterLines(
        ctx,
        orgId,
        [...new Set([...own, ...chosen])],
        input.statementLines ? childMetadata(metadata, "lettering") : metadata,
      );
      return c.json({ ...set, statementLines: matched }, 200);
    },
  );

  return app;
};
