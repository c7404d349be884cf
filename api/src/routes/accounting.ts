import { OpenAPIHono, z } from "@hono/zod-openapi";
import { DomainError, hasRight, Rights } from "@registre/core";
import { sql } from "kysely";
import { accountListJson } from "../accounting/account-list.ts";
import {
  deleteAccount,
  deleteJournal,
  requireOrg,
  runChart,
  runFiscal,
  runJournals,
} from "../accounting/books.ts";
import { entriesCsv } from "../accounting/csv.ts";
import {
  changeDraft,
  deleteDraft,
  draftEntry,
  reverseEntry,
  validateEntries,
  validateEntry,
} from "../accounting/entries.ts";
import { listEntryPage, SEARCH_COUNT_CAP } from "../accounting/entry-list.ts";
import { exportFec, importFec } from "../accounting/fec.ts";
import { letterLines, unletterLines } from "../accounting/lettering.ts";
import {
  balanceSheetReport,
  findFiscalYear,
  generalLedgerPage,
  incomeStatementReport,
  listFiscalYears,
  trialBalanceReport,
} from "../accounting/queries.ts";
import { closeFiscalYear, generateOpeningEntry, yearEndChecks } from "../accounting/year-end.ts";
import { alreadyAppended } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { translate } from "../http/messages.ts";
import { commandMetadata, validationHook } from "../http/openapi.ts";
import { localeOf, ProblemError } from "../http/problem.ts";
import type { AuthEnv } from "../identity/auth.ts";
import { childMetadata, derivedId } from "../ids.ts";
import {
  answer,
  body,
  Cents,
  CentsOut,
  Day,
  errors,
  IdParam,
  LineRef,
  Offset,
  plain,
} from "./accounting-schemas.ts";

const Account = z
  .object({
    number: z.string(),
    kind: z.enum(["general", "auxiliary"]),
    label: z.string(),
    labelEn: z.string(),
    class: z.number().int(),
    lettrable: z.boolean(),
    collective: z.boolean(),
    control: z.string().nullable(),
    closed: z.boolean(),
  })
  .openapi("Account");
const Journal = z
  .object({
    code: z.string(),
    label: z.string(),
    labelEn: z.string(),
    kind: z.enum(["sales", "purchases", "bank", "cash", "misc", "opening"]),
    vat: z.boolean(),
    account: z.string().nullable(),
  })
  .openapi("Journal");
const LineInput = z.object({
  account: z.string().min(1).max(20),
  auxiliary: z.string().max(20).nullish(),
  label: z.string().max(200).nullish(),
  debit: Cents,
  credit: Cents,
});
const EntryInput = z
  .object({
    journal: z.string().min(1).max(6),
    date: Day,
    pieceRef: z.string().max(60),
    pieceDate: Day.optional(),
    label: z.string().max(200),
    lines: z.array(LineInput).max(10_000),
  })
  .openapi("EntryInput");
const EntryLine = z.object({
  line: z.number().int(),
  account: z.string(),
  auxiliary: z.string().nullable(),
  label: z.string().nullable(),
  debit: Cents,
  credit: Cents,
  letterCode: z.string().nullable(),
  letterDate: z.string().nullable(),
});
const EntrySummary = z
  .object({
    mvt: z.uuid(),
    journal: z.string(),
    date: z.string(),
    pieceRef: z.string(),
    pieceDate: z.string(),
    label: z.string(),
    status: z.enum(["draft", "validated"]),
    number: z.string().nullable(),
    fiscalYearId: z.string().nullable(),
    validatedOn: z.string().nullable(),
    debit: CentsOut,
    credit: CentsOut,
    lineCount: z.number().int(),
    origin: z.record(z.string(), z.unknown()),
  })
  .openapi("EntrySummary");
const Entry = EntrySummary.extend({ lines: z.array(EntryLine) }).openapi("Entry");
const FiscalYear = z
  .object({
    id: z.uuid(),
    start: z.string(),
    end: z.string(),
    status: z.enum(["open", "closed"]),
    openingMvt: z.string().nullable(),
    closedOn: z.string().nullable(),
  })
  .openapi("FiscalYear");
const TrialBalance = z
  .object({
    rows: z.array(
      z.object({
        account: z.string(),
        label: z.string(),
        debit: CentsOut,
        credit: CentsOut,
        balanceDebit: CentsOut,
        balanceCredit: CentsOut,
      }),
    ),
    totals: z.object({ debit: CentsOut, credit: CentsOut, balanceDebit: CentsOut, balanceCredit: CentsOut }),
  })
  .openapi("TrialBalance");
const Amount = z.number().int().openapi({ description: "Integer cents, signed" });
const Section = z.object({
  key: z.string(),
  label: z.string(),
  labelEn: z.string(),
  lines: z.array(z.object({ key: z.string(), label: z.string(), labelEn: z.string(), amount: Amount })),
  total: Amount,
});
const IncomeStatement = z
  .object({
    sections: z.array(Section),
    netTurnover: Amount,
    operatingResult: Amount,
    financialResult: Amount,
    exceptionalResult: Amount,
    result: Amount,
  })
  .openapi("IncomeStatement");
const BalanceSheet = z
  .object({
    assets: z.array(Section),
    liabilities: z.array(Section),
    totalAssets: Amount,
    totalLiabilities: Amount,
    result: Amount,
  })
  .openapi("BalanceSheet");
const LedgerPage = z
  .object({
    rows: z.array(
      z.object({
        mvt: z.uuid(),
        line: z.number().int(),
        account: z.string(),
        auxiliary: z.string().nullable(),
        journal: z.string(),
        number: z.string(),
        date: z.string(),
        pieceRef: z.string(),
        label: z.string(),
        debit: Cents,
        credit: Cents,
        balance: Amount,
        letterCode: z.string().nullable(),
        letterDate: z.string().nullable(),
        position: z.number().int(),
      }),
    ),
    next: z
      .object({
        account: z.string(),
        date: z.string(),
        position: z.number().int(),
        line: z.number().int(),
      })
      .nullable()
      .openapi({ description: "The cursor of the next page (`after`), or null at the end" }),
  })
  .openapi("GeneralLedgerPage");
const Range = z.union([z.object({ yearId: z.string() }), z.object({ start: Day, end: Day })]);
const Cursor = z.object({
  account: z.string(),
  date: Day,
  position: z.number().int(),
  line: z.number().int(),
});
const NumberParam = z.object({
  id: z
    .string()
    .max(40)
    .openapi({ param: { name: "id", in: "path" } }),
});
const MvtParam = z.object({ mvt: z.uuid().openapi({ param: { name: "mvt", in: "path" } }) });

type AccountRow = {
  number: string;
  kind: "general" | "auxiliary";
  label: string;
  label_en: string;
  class: number;
  lettrable: boolean;
  collective: boolean;
  control: string | null;
  closed: boolean;
};
const toAccount = (r: AccountRow) => ({
  number: r.number,
  kind: r.kind,
  label: r.label,
  labelEn: r.label_en,
  class: r.class,
  lettrable: r.lettrable,
  collective: r.collective,
  control: r.control,
  closed: r.closed,
});
type JournalRow = {
  code: string;
  label: string;
  label_en: string;
  kind: z.infer<typeof Journal>["kind"];
  vat: boolean;
  account: string | null;
};
const toJournal = (r: JournalRow) => ({
  code: r.code,
  label: r.label,
  labelEn: r.label_en,
  kind: r.kind,
  vat: r.vat,
  account: r.account,
});

/** The chart of accounts, journals, entries, lettering, fiscal years and reports (/api/accounting). */
export const accountingRoutes = (ctx: AppContext) => {
  const app = new OpenAPIHono<AuthEnv>({ defaultHook: validationHook });
  const org = (c: { get: (key: "session") => { orgId: string | null } }) =>
    requireOrg(c.get("session").orgId);

  const findAccount = async (orgId: string, number: string) => {
    const row = await ctx.database.db
      .selectFrom("accounts")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("number", "=", number.toUpperCase())
      .executeTakeFirst();
    if (!row) throw new DomainError("account.notFound", { number }, 404);
    return toAccount(row as AccountRow);
  };
  const findJournal = async (orgId: string, code: string) => {
    const row = await ctx.database.db
      .selectFrom("journals")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("code", "=", code.toUpperCase())
      .executeTakeFirst();
    if (!row) throw new DomainError("journal.notFound", { code }, 404);
    return toJournal(row as JournalRow);
  };
  // biome-ignore lint/suspicious/noExplicitAny: an entries read-model row
  const toSummary = (r: any) => ({
    mvt: r.mvt,
    journal: r.journal,
    date: r.date,
    pieceRef: r.piece_ref,
    pieceDate: r.piece_date,
    label: r.label,
    status: r.status,
    number: r.number,
    fiscalYearId: r.fiscal_year_id,
    validatedOn: r.validated_on,
    debit: r.debit,
    credit: r.credit,
    lineCount: r.line_count,
    origin: r.origin,
  });
  const findEntry = async (orgId: string, mvt: string) => {
    const row = await ctx.database.db
      .selectFrom("entries")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("mvt", "=", mvt)
      .executeTakeFirst();
    if (!row) throw new DomainError("entry.notFound", {}, 404);
    const letters =
      row.status === "validated"
        ? await ctx.database.db
            .selectFrom("ledger_lines")
            .select(["line", "letter_code", "letter_date"])
            .where("org_id", "=", orgId)
            .where("mvt", "=", mvt)
            .execute()
        : [];
    const byLine = new Map(letters.map((l) => [l.line as number, l]));
    return {
      ...toSummary(row),
      lines: (row.lines as z.infer<typeof LineInput>[]).map((l, index) => ({
        line: index + 1,
        account: l.account,
        auxiliary: l.auxiliary ?? null,
        label: l.label ?? null,
        debit: l.debit,
        credit: l.credit,
        letterCode: byLine.get(index + 1)?.letter_code ?? null,
        letterDate: byLine.get(index + 1)?.letter_date ?? null,
      })),
    };
  };
  const contentOf = (input: z.infer<typeof EntryInput>) => ({
    journal: input.journal,
    date: input.date,
    pieceRef: input.pieceRef,
    pieceDate: input.pieceDate ?? input.date,
    label: input.label,
    lines: input.lines.map((l) => ({
      account: l.account,
      auxiliary: l.auxiliary ?? null,
      label: l.label ?? null,
      debit: l.debit,
      credit: l.credit,
    })),
  });
  const rangeOf = async (orgId: string, range: z.infer<typeof Range>) => {
    if ("yearId" in range) {
      const year = await findFiscalYear(ctx, orgId, range.yearId);
      return { start: year.start, end: year.end };
    }
    return range;
  };

  // ---- Accounts ----
  app.openapi(
    accessRoute(ctx, right("accounts", Rights.read), {
      method: "get",
      path: "/accounting/accounts",
      operationId: "listAccounts",
      tags: ["Accounting"],
      request: {
        query: z.object({
          q: z.string().max(100).optional(),
          class: z.coerce.number().int().min(1).max(8).optional(),
          kind: z.enum(["general", "auxiliary"]).optional(),
        }),
      },
      responses: { 200: answer(z.object({ items: z.array(Account) }), "The chart of accounts"), ...errors },
    }),
    async (c) =>
      // The JSON the schema describes, written by PostgreSQL (see accountListJson).
      c.body(await accountListJson(ctx.database, org(c), c.req.valid("query")), 200, {
        "content-type": "application/json",
      }) as never,
  );

  app.openapi(
    accessRoute(ctx, right("accounts", Rights.create), {
      method: "post",
      path: "/accounting/accounts",
      operationId: "createAccount",
      tags: ["Accounting"],
      request: body(
        z.object({
          number: z.string().min(1).max(20),
          label: z.string().max(200),
          labelEn: z.string().max(200).optional(),
          lettrable: z.boolean().optional(),
          collective: z.boolean().optional(),
          control: z
            .string()
            .max(20)
            .optional()
            .openapi({ description: "For an auxiliary account: its collective account" }),
        }),
      ),
      responses: { 201: answer(Account, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const b = c.req.valid("json");
      const outcome = await runChart(
        ctx,
        orgId,
        b.control
          ? { type: "CreateAuxiliaryAccount", data: { number: b.number, label: b.label, control: b.control } }
          : { type: "CreateAccount", data: b },
        commandMetadata(c, ctx),
      );
      const created = outcome.events.find((e) => e.type === "AccountCreated");
      return c.json(
        await findAccount(orgId, created?.type === "AccountCreated" ? created.data.number : b.number),
        201,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("accounts", Rights.read), {
      method: "get",
      path: "/accounting/accounts/{id}",
      operationId: "getAccount",
      tags: ["Accounting"],
      request: { params: NumberParam },
      responses: { 200: answer(Account, "The account"), ...errors },
    }),
    async (c) => c.json(await findAccount(org(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("accounts", Rights.update), {
      method: "put",
      path: "/accounting/accounts/{id}",
      operationId: "updateAccount",
      tags: ["Accounting"],
      request: {
        params: NumberParam,
        ...body(
          z.object({
            label: z.string().max(200).optional(),
            labelEn: z.string().max(200).optional(),
            lettrable: z.boolean().optional(),
            closed: z.boolean().optional(),
          }),
        ),
      },
      responses: { 200: answer(Account, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const number = (await findAccount(orgId, c.req.valid("param").id)).number;
      const { closed, ...changes } = c.req.valid("json");
      const metadata = commandMetadata(c, ctx);
      await runChart(ctx, orgId, { type: "UpdateAccount", data: { number, ...changes } }, metadata);
      if (closed !== undefined)
        await runChart(
          ctx,
          orgId,
          { type: closed ? "CloseAccount" : "ReopenAccount", data: { number } },
          childMetadata(metadata, "closed"),
        );
      return c.json(await findAccount(orgId, number), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("accounts", Rights.delete), {
      method: "delete",
      path: "/accounting/accounts/{id}",
      operationId: "deleteAccount",
      tags: ["Accounting"],
      request: { params: NumberParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const metadata = commandMetadata(c, ctx);
      if (await alreadyAppended(ctx, orgId, metadata)) return c.body(null, 204);
      const { number } = await findAccount(orgId, c.req.valid("param").id);
      await deleteAccount(ctx, orgId, number, metadata);
      return c.body(null, 204);
    },
  );

  // ---- Journals ----
  app.openapi(
    accessRoute(ctx, right("journals", Rights.read), {
      method: "get",
      path: "/accounting/journals",
      operationId: "listJournals",
      tags: ["Accounting"],
      responses: { 200: answer(z.object({ items: z.array(Journal) }), "The journals"), ...errors },
    }),
    async (c) => {
      const rows = (await ctx.database.db
        .selectFrom("journals")
        .selectAll()
        .where("org_id", "=", org(c))
        .orderBy("code")
        .execute()) as JournalRow[];
      return c.json({ items: rows.map(toJournal) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("journals", Rights.create), {
      method: "post",
      path: "/accounting/journals",
      operationId: "createJournal",
      tags: ["Accounting"],
      request: body(
        z.object({
          code: z.string().min(1).max(6),
          label: z.string().max(100),
          labelEn: z.string().max(100).optional(),
          kind: Journal.shape.kind,
          vat: z.boolean().optional(),
          account: z.string().max(20).nullish(),
        }),
      ),
      responses: { 201: answer(Journal, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const b = c.req.valid("json");
      await runJournals(ctx, orgId, { type: "CreateJournal", data: b }, commandMetadata(c, ctx));
      return c.json(await findJournal(orgId, b.code.trim()), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("journals", Rights.read), {
      method: "get",
      path: "/accounting/journals/{id}",
      operationId: "getJournal",
      tags: ["Accounting"],
      request: { params: IdParam },
      responses: { 200: answer(Journal, "The journal"), ...errors },
    }),
    async (c) => c.json(await findJournal(org(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("journals", Rights.update), {
      method: "put",
      path: "/accounting/journals/{id}",
      operationId: "updateJournal",
      tags: ["Accounting"],
      request: {
        params: IdParam,
        ...body(
          z.object({
            label: z.string().max(100).optional(),
            labelEn: z.string().max(100).optional(),
            vat: z.boolean().optional(),
            account: z.string().max(20).nullish(),
          }),
        ),
      },
      responses: { 200: answer(Journal, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = org(c);
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
      path: "/accounting/journals/{id}",
      operationId: "deleteJournal",
      tags: ["Accounting"],
      request: { params: IdParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const metadata = commandMetadata(c, ctx);
      if (await alreadyAppended(ctx, orgId, metadata)) return c.body(null, 204);
      const { code } = await findJournal(orgId, c.req.valid("param").id);
      await deleteJournal(ctx, orgId, code, metadata);
      return c.body(null, 204);
    },
  );

  // ---- Entries ----
  app.openapi(
    accessRoute(ctx, right("entries", Rights.read), {
      method: "get",
      path: "/accounting/entries",
      operationId: "listEntries",
      tags: ["Accounting"],
      request: {
        query: z.object({
          journal: z.string().max(6).optional(),
          status: z.enum(["draft", "validated"]).optional(),
          start: Day.optional(),
          end: Day.optional(),
          q: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(50),
          offset: Offset,
        }),
      },
      responses: {
        200: answer(
          z.object({
            items: z.array(EntrySummary),
            total: z
              .number()
              .int()
              .openapi({
                description: `Entries the filter selects; with \`q\`, at most ${SEARCH_COUNT_CAP} (see \`capped\`)`,
              }),
            sums: z.object({ debit: CentsOut, credit: CentsOut }).openapi({
              description: "Debit and credit of every entry the filter selects, not only this page's",
            }),
            capped: z
              .literal(true)
              .optional()
              .openapi({
                description: `Present when the text search \`q\` matched more than ${SEARCH_COUNT_CAP} entries: \`total\` is then ${SEARCH_COUNT_CAP} and \`sums\` add up the ${SEARCH_COUNT_CAP} newest matches`,
              }),
          }),
          "Entries",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const page = await listEntryPage(ctx.database, org(c), { ...q, journal: q.journal?.toUpperCase() });
      return c.json(
        {
          items: page.rows.map(toSummary),
          total: page.total,
          sums: page.sums,
          ...(page.capped && { capped: true as const }),
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.create), {
      method: "post",
      path: "/accounting/entries",
      operationId: "createEntry",
      tags: ["Accounting"],
      request: body(EntryInput.extend({ validate: z.boolean().optional() })),
      responses: { 201: answer(Entry, "Created"), ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const b = c.req.valid("json");
      if (b.validate && !hasRight(c.get("rights"), "entries.validate", Rights.update))
        throw new ProblemError(403, "identity.forbidden", { code: "entries.validate" });
      const mvt = await draftEntry(ctx, orgId, contentOf(b), commandMetadata(c, ctx), {
        validate: b.validate ?? false,
      });
      return c.json(await findEntry(orgId, mvt), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.read), {
      method: "get",
      path: "/accounting/entries/mvt/{mvt}",
      operationId: "getEntry",
      tags: ["Accounting"],
      request: { params: MvtParam },
      responses: { 200: answer(Entry, "The entry"), ...errors },
    }),
    async (c) => c.json(await findEntry(org(c), c.req.valid("param").mvt), 200),
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "put",
      path: "/accounting/entries/mvt/{mvt}",
      operationId: "updateEntry",
      tags: ["Accounting"],
      request: { params: MvtParam, ...body(EntryInput) },
      responses: { 200: answer(Entry, "Changed"), ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const { mvt } = c.req.valid("param");
      await findEntry(orgId, mvt);
      await changeDraft(ctx, orgId, mvt, contentOf(c.req.valid("json")), commandMetadata(c, ctx));
      return c.json(await findEntry(orgId, mvt), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.delete), {
      method: "delete",
      path: "/accounting/entries/mvt/{mvt}",
      operationId: "deleteEntry",
      tags: ["Accounting"],
      request: { params: MvtParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const { mvt } = c.req.valid("param");
      const metadata = commandMetadata(c, ctx);
      if (await alreadyAppended(ctx, orgId, metadata)) return c.body(null, 204);
      await findEntry(orgId, mvt);
      await deleteDraft(ctx, orgId, mvt, metadata);
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.create), {
      method: "post",
      path: "/accounting/entries/{mvt}/reverse",
      operationId: "reverseEntry",
      tags: ["Accounting"],
      request: { params: MvtParam, ...body(z.object({ date: Day, label: z.string().max(200).optional() })) },
      responses: { 201: answer(Entry, "The opposite entry, as a draft"), ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const { mvt } = c.req.valid("param");
      await findEntry(orgId, mvt);
      const reversal = await reverseEntry(ctx, orgId, mvt, c.req.valid("json").date, commandMetadata(c, ctx));
      return c.json(await findEntry(orgId, reversal), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries.validate", Rights.read), {
      method: "get",
      path: "/accounting/entries/validate",
      operationId: "listEntriesToValidate",
      tags: ["Accounting"],
      responses: { 200: answer(z.object({ items: z.array(EntrySummary) }), "Drafts to validate"), ...errors },
    }),
    async (c) => {
      const rows = await ctx.database.db
        .selectFrom("entries")
        .selectAll()
        .where("org_id", "=", org(c))
        .where("status", "=", "draft")
        .orderBy("date")
        .orderBy("created_at")
        .limit(5000)
        .execute();
      return c.json({ items: rows.map(toSummary) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries.validate", Rights.update), {
      method: "put",
      path: "/accounting/entries/validate",
      operationId: "validateEntries",
      tags: ["Accounting"],
      request: body(z.object({ mvts: z.array(z.uuid()).min(1).max(5000) })),
      responses: {
        200: answer(
          z.object({
            validated: z.array(z.uuid()),
            refused: z.array(z.object({ mvt: z.uuid(), code: z.string(), detail: z.string() })),
          }),
          "What was validated, and why the others were not",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = org(c);
      const locale = localeOf(c);
      const { validated, refused } = await validateEntries(
        ctx,
        orgId,
        c.req.valid("json").mvts,
        commandMetadata(c, ctx),
      );
      return c.json(
        {
          validated,
          refused: refused.map((r) => ({
            mvt: r.mvt,
            code: r.error.code,
            detail: translate(r.error.code, locale, r.error.params),
          })),
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries.validate", Rights.update), {
      method: "post",
      path: "/accounting/entries/{mvt}/validate",
      operationId: "validateEntry",
      tags: ["Accounting"],
      request: { params: MvtParam },
      responses: { 200: answer(Entry, "Validated"), ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const { mvt } = c.req.valid("param");
      await findEntry(orgId, mvt);
      await validateEntry(ctx, orgId, mvt, commandMetadata(c, ctx));
      return c.json(await findEntry(orgId, mvt), 200);
    },
  );

  const Lines = z.object({
    lines: z.array(LineRef).min(2).max(10_000),
  });
  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "put",
      path: "/accounting/entries/mark",
      operationId: "markEntries",
      tags: ["Accounting"],
      request: body(Lines),
      responses: { 200: answer(z.object({ account: z.string(), code: z.string() }), "Lettered"), ...errors },
    }),
    async (c) =>
      c.json(await letterLines(ctx, org(c), c.req.valid("json").lines, commandMetadata(c, ctx)), 200),
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "put",
      path: "/accounting/entries/unmark",
      operationId: "unmarkEntries",
      tags: ["Accounting"],
      request: body(z.object({ account: z.string().max(20), code: z.string().regex(/^[A-Za-z]{2,6}$/) })),
      responses: { 204: { description: "Unlettered" }, ...errors },
    }),
    async (c) => {
      const b = c.req.valid("json");
      await unletterLines(ctx, org(c), b.account, b.code, commandMetadata(c, ctx));
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries", Rights.update), {
      method: "post",
      path: "/accounting/entries/{id}/reconcile",
      operationId: "reconcileEntry",
      tags: ["Accounting"],
      request: {
        params: z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) }),
        ...body(
          z.object({
            lines: z.array(LineRef).min(1).max(10_000),
          }),
        ),
      },
      responses: { 200: answer(z.object({ account: z.string(), code: z.string() }), "Lettered"), ...errors },
    }),
    async (c) => {
      // Reconciles this entry's line on the chosen lines' account with them.
      const orgId = org(c);
      const entry = await findEntry(orgId, c.req.valid("param").id);
      const chosen = c.req.valid("json").lines;
      const accounts = await ctx.database.db
        .selectFrom("ledger_lines")
        .select("account")
        .where("org_id", "=", orgId)
        .where(sql`mvt::text || '/' || line::text`, "in", chosen)
        .execute();
      const account = accounts[0]?.account;
      const own = entry.lines.filter((l) => l.account === account).map((l) => `${entry.mvt}/${l.line}`);
      return c.json(
        await letterLines(ctx, orgId, [...new Set([...own, ...chosen])], commandMetadata(c, ctx)),
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries.export", Rights.read), {
      method: "get",
      path: "/accounting/entries/download/{id}",
      operationId: "downloadEntries",
      tags: ["Accounting"],
      request: {
        params: IdParam,
        query: z.object({
          format: z.enum(["fec", "csv"]).default("fec"),
          separator: z.enum(["tab", "pipe"]).default("tab"),
          until: Day.optional().openapi({
            description: "FEC: entries up to this day, named as if the year closed then",
          }),
        }),
      },
      responses: {
        200: {
          description:
            "The fiscal year's FEC (`<SIREN>FEC<closing date>.txt`) or its entries as CSV, streamed",
          content: { "text/plain": { schema: z.string() }, "text/csv": { schema: z.string() } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const orgId = org(c);
      const query = c.req.valid("query");
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      // Pulled chunk by chunk: a slow client holds the export back instead of filling memory, and a
      // client that goes away ends it (its COPY connection too).
      const stream = (chunks: AsyncIterable<string | Uint8Array>) => {
        const encoder = new TextEncoder();
        const iterator = chunks[Symbol.asyncIterator]();
        return new ReadableStream<Uint8Array>({
          async pull(controller) {
            const next = await iterator.next();
            if (next.done) controller.close();
            else controller.enqueue(typeof next.value === "string" ? encoder.encode(next.value) : next.value);
          },
          async cancel() {
            await iterator.return?.();
          },
        });
      };
      if (query.format === "csv") {
        const name = `ecritures-${year.start}-${year.end}.csv`;
        return c.body(stream(entriesCsv(ctx, orgId, year)), 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${name}"`,
        }) as never;
      }
      const exported = await exportFec(ctx, orgId, year.id, {
        separator: query.separator === "pipe" ? "|" : "\t",
        until: query.until,
      });
      return c.body(stream(exported.chunks), 200, {
        "content-type": "text/plain; charset=utf-8",
        "content-disposition": `attachment; filename="${exported.fileName}"`,
        "x-fec-lines": String(exported.lineCount),
      }) as never;
    },
  );

  app.openapi(
    accessRoute(ctx, right("entries.validate", Rights.create), {
      method: "post",
      path: "/accounting/entries/import",
      operationId: "importFec",
      tags: ["Accounting"],
      request: {
        query: z.object({
          name: z
            .string()
            .min(1)
            .max(200)
            .openapi({ description: "The file's name, e.g. 123456789FEC20241231.txt" }),
          dryRun: z.enum(["true", "false"]).optional(),
        }),
        body: {
          content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
          required: true,
        },
      },
      responses: {
        200: answer(
          z.object({
            entries: z.number().int(),
            lines: z.number().int(),
            lettered: z.number().int(),
            warnings: z.array(z.object({ line: z.number().int(), code: z.string(), message: z.string() })),
            errors: z.array(z.object({ line: z.number().int(), code: z.string(), message: z.string() })),
          }),
          "Imported whole; or, with errors, nothing written",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = org(c);
      const query = c.req.valid("query");
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const result = await importFec(ctx, orgId, bytes, query.name, commandMetadata(c, ctx), {
        dryRun: query.dryRun === "true",
      });
      const finding = (f: { line: number; code: string; message: string }) => ({
        line: f.line,
        code: f.code,
        message: f.message,
      });
      return c.json(
        {
          entries: result.entries,
          lines: result.lines,
          lettered: result.lettered,
          warnings: result.warnings.map(finding),
          errors: result.errors.map(finding),
        },
        200,
      );
    },
  );

  // ---- Reports ----
  app.openapi(
    accessRoute(ctx, right("accounting", Rights.read), {
      method: "post",
      path: "/accounting/reports/balance",
      operationId: "trialBalance",
      tags: ["Accounting"],
      request: body(Range),
      responses: {
        200: answer(
          TrialBalance.extend({ start: z.string(), end: z.string() }),
          "The trial balance (balance générale)",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = org(c);
      const range = await rangeOf(orgId, c.req.valid("json"));
      return c.json(
        { ...range, ...plain<z.infer<typeof TrialBalance>>(await trialBalanceReport(ctx, orgId, range)) },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("accounting", Rights.read), {
      method: "post",
      path: "/accounting/reports/generalledger",
      operationId: "generalLedger",
      tags: ["Accounting"],
      request: body(
        z.object({
          start: Day,
          end: Day,
          account: z.string().max(20).optional(),
          after: Cursor.optional(),
          limit: z.number().int().min(1).max(1000).optional(),
        }),
      ),
      responses: { 200: answer(LedgerPage, "A page of the general ledger with running balances"), ...errors },
    }),
    async (c) => c.json(await generalLedgerPage(ctx, org(c), c.req.valid("json")), 200),
  );

  // ---- Fiscal years ("balance sheets") ----
  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/accounting/balance-sheet",
      operationId: "listFiscalYears",
      tags: ["Accounting"],
      responses: {
        200: answer(
          z.object({ items: z.array(FiscalYear), lockedUntil: z.string().nullable() }),
          "Fiscal years",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = org(c);
      const lock = await ctx.database.db
        .selectFrom("period_locks")
        .select("locked_until")
        .where("org_id", "=", orgId)
        .executeTakeFirst();
      return c.json(
        {
          items: await listFiscalYears(ctx, orgId),
          lockedUntil: (lock?.locked_until as string | undefined) ?? null,
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.create), {
      method: "post",
      path: "/accounting/balance-sheet",
      operationId: "openFiscalYear",
      tags: ["Accounting"],
      request: body(z.object({ start: Day.optional(), end: Day.optional() })),
      responses: { 201: answer(FiscalYear, "The new accounting year"), ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const metadata = commandMetadata(c, ctx);
      const id = derivedId(metadata.commandId, "year");
      await runFiscal(ctx, orgId, { type: "OpenFiscalYear", data: { id, ...c.req.valid("json") } }, metadata);
      return c.json(await findFiscalYear(ctx, orgId, id), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/accounting/balance-sheet/{id}",
      operationId: "getFiscalYear",
      tags: ["Accounting"],
      request: { params: IdParam },
      responses: { 200: answer(FiscalYear, "The fiscal year"), ...errors },
    }),
    async (c) => c.json(await findFiscalYear(ctx, org(c), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.update), {
      method: "put",
      path: "/accounting/balance-sheet/{id}",
      operationId: "lockPeriods",
      tags: ["Accounting"],
      request: { params: IdParam, ...body(z.object({ lockedUntil: Day })) },
      responses: { 200: answer(FiscalYear, "Periods locked up to the date"), ...errors },
    }),
    async (c) => {
      const orgId = org(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      const until = c.req.valid("json").lockedUntil;
      if (until < year.start || until > year.end)
        throw new DomainError("period.outsideYear", { until, start: year.start, end: year.end });
      await runFiscal(ctx, orgId, { type: "LockPeriod", data: { until } }, commandMetadata(c, ctx));
      return c.json(await findFiscalYear(ctx, orgId, year.id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/accounting/balance-sheet/{id}/calculate",
      operationId: "calculateFiscalYear",
      tags: ["Accounting"],
      request: { params: IdParam },
      responses: {
        200: answer(
          z.object({
            year: FiscalYear,
            trialBalance: TrialBalance,
            incomeStatement: IncomeStatement,
            balanceSheet: BalanceSheet,
          }),
          "Trial balance, income statement and balance sheet of the year",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = org(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      const [balance, income, sheet] = await Promise.all([
        trialBalanceReport(ctx, orgId, year),
        incomeStatementReport(ctx, orgId, year),
        balanceSheetReport(ctx, orgId, year),
      ]);
      return c.json(
        {
          year,
          trialBalance: plain<z.infer<typeof TrialBalance>>(balance),
          incomeStatement: plain<z.infer<typeof IncomeStatement>>(income),
          balanceSheet: plain<z.infer<typeof BalanceSheet>>(sheet),
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/accounting/balance-sheet/{id}/steps",
      operationId: "yearEndChecks",
      tags: ["Accounting"],
      request: { params: IdParam },
      responses: {
        200: answer(
          z.object({
            warnings: z.array(
              z.object({
                code: z.string(),
                count: z.number().int(),
                items: z.array(z.string()),
                blocking: z.boolean(),
              }),
            ),
          }),
          "What to look at before closing",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = org(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      return c.json({ warnings: await yearEndChecks(ctx, orgId, year) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.update), {
      method: "get",
      path: "/accounting/balance-sheet/{id}/createan",
      operationId: "generateOpeningEntries",
      tags: ["Accounting"],
      request: { params: IdParam },
      responses: {
        200: answer(
          z.object({ mvt: z.string().nullable() }),
          "The next year's opening entry (a draft while this year is open)",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = org(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      return c.json({ mvt: await generateOpeningEntry(ctx, orgId, year.id, commandMetadata(c, ctx)) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.update), {
      method: "get",
      path: "/accounting/balance-sheet/{id}/validate",
      operationId: "closeFiscalYear",
      tags: ["Accounting"],
      request: {
        params: IdParam,
        query: z.object({
          confirm: z.string().optional().openapi({ description: "Must be `irreversible`" }),
        }),
      },
      responses: {
        200: answer(
          z.object({ openingMvt: z.string().nullable() }),
          "Closed; the next year's opening entry validated",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = org(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      if (c.req.valid("query").confirm !== "irreversible")
        throw new DomainError("yearEnd.confirmIrreversible", {}, 409);
      return c.json(await closeFiscalYear(ctx, orgId, year.id, commandMetadata(c, ctx)), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("balancesheet", Rights.read), {
      method: "get",
      path: "/accounting/balance-sheet/{id}/reindex",
      operationId: "reindexFiscalYear",
      tags: ["Accounting"],
      request: { params: IdParam },
      responses: {
        200: answer(
          z.object({
            consistent: z.boolean(),
            differences: z.array(z.object({ period: z.string(), account: z.string() })),
          }),
          "Whether the per-month and per-day balances equal the sums of the ledger lines (a day's difference has the date as its period)",
        ),
        ...errors,
      },
    }),
    async (c) => {
      const orgId = org(c);
      const year = await findFiscalYear(ctx, orgId, c.req.valid("param").id);
      const { rows } = await sql<{ period: string; account: string }>`
        with l as (
          select substr(date, 1, 7) as period, account, sum(debit)::bigint as debit, sum(credit)::bigint as credit
          from ledger_lines where org_id = ${orgId}::uuid and date between ${year.start} and ${year.end}
          group by 1, 2),
        b as (select period, account, debit, credit from account_balances
          where org_id = ${orgId}::uuid and period between ${year.start.slice(0, 7)} and ${year.end.slice(0, 7)})
        select coalesce(l.period, b.period) as period, coalesce(l.account, b.account) as account
        from l full join b on l.period = b.period and l.account = b.account
        where l.debit is distinct from b.debit or l.credit is distinct from b.credit
        union all
        select coalesce(l.date, d.date), coalesce(l.account, d.account)
        from (select date, account, sum(debit)::bigint as debit, sum(credit)::bigint as credit
          from ledger_lines where org_id = ${orgId}::uuid and date between ${year.start} and ${year.end}
          group by 1, 2) l
        full join (select date, account, debit, credit from account_day_balances
          where org_id = ${orgId}::uuid and date between ${year.start} and ${year.end}) d
          on l.date = d.date and l.account = d.account
        where l.debit is distinct from d.debit or l.credit is distinct from d.credit
        order by 1, 2`.execute(ctx.database.db);
      return c.json({ consistent: rows.length === 0, differences: rows }, 200);
    },
  );

  return app;
};
