import { readFileSync } from "node:fs";
import {
  type CommandMetadata,
  decodeFec,
  organisationDecider,
  organisationStreamId,
  parseFec,
} from "@registre/core";
import type { DatabaseKind } from "@registre/store";
import { sql } from "kysely";
import { expect } from "vitest";
import { openTestDatabase } from "../../../tests/support/databases.ts";
import type { FecImportResult } from "../accounting/fec.ts";
import { listFiscalYears, trialBalanceReport } from "../accounting/queries.ts";
import { openContext } from "../bootstrap.ts";
import { handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { createOrganisation } from "../organisations.ts";

// Books and checks the FEC tests share (fec.test.ts, fec-real-file.test.ts).

const FIXTURES = new URL("../../../../shared/fixtures/fec/", import.meta.url);
export const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));

/** A context whose clock the test sets: validation dates are the days things happen. */
export const openBooks = async (kind: DatabaseKind) => {
  let now = new Date("2025-01-01T10:00:00Z");
  const base = await openContext({}, await openTestDatabase(kind));
  const ctx: AppContext = { ...base, clock: () => now };
  await ctx.runner.start();
  return {
    ctx,
    setDay: (day: string) => {
      now = new Date(`${day}T10:00:00Z`);
    },
    meta: (): CommandMetadata => ({ commandId: ctx.newId(), at: now.toISOString(), userId: "test" }),
    close: async () => {
      await ctx.runner.stop();
      await ctx.database.close();
    },
  };
};
export type Books = Awaited<ReturnType<typeof openBooks>>;

/** An organisation with its books (chart, journals, the fiscal year of `day`), as the API creates one. */
export const organisation = async (
  books: Books,
  day: string,
  siren = "123456782",
  fiscalYearStartMonth = 1,
) => {
  books.setDay(day);
  return createOrganisation(
    books.ctx,
    { name: "Atelier Démo SARL", siren, vatNumber: null, fiscalYearStartMonth },
    books.meta(),
  );
};

/** An organisation with no books at all: the import gives it its chart, journals and fiscal years. */
export const bareOrganisation = async (books: Books, siren = "552100554") => {
  const orgId = books.ctx.newId();
  await handleCommand(books.ctx, {
    orgId,
    streamId: organisationStreamId(orgId),
    decider: organisationDecider,
    commands: [{ type: "CreateOrganisation", data: { orgId, name: "Reprise SAS", siren } }],
    metadata: books.meta(),
    readModels: ["organisations"],
  });
  return orgId;
};

/** The file's Debit and Credit sums per account, as the trial balance must show them after import. */
export const fileSums = (bytes: Uint8Array) => {
  const sums = new Map<string, { debit: number; credit: number }>();
  for (const r of parseFec(decodeFec(bytes).text).records) {
    const account = r.compteNum.trim().toUpperCase();
    const s = sums.get(account) ?? { debit: 0, credit: 0 };
    sums.set(account, { debit: s.debit + r.debit, credit: s.credit + r.credit });
  }
  return sums;
};

export const trialBalanceSums = async (ctx: AppContext, orgId: string) => {
  const years = await listFiscalYears(ctx, orgId);
  const range = { start: years[0]?.start ?? "", end: years.at(-1)?.end ?? "" };
  const balance = await trialBalanceReport(ctx, orgId, range);
  return new Map(balance.rows.map((r) => [r.account, { debit: r.debit, credit: r.credit }]));
};

export const letteredLines = async (ctx: AppContext, orgId: string) => {
  const { rows } = await sql<{ n: number }>`
    select count(*)::integer as n from ledger_lines where org_id = ${orgId} and letter_code is not null`.execute(
    ctx.database.db,
  );
  return Number(rows[0]?.n);
};

export const expectImported = (result: FecImportResult) => {
  expect(result.errors).toEqual([]);
  expect(result.entries).toBeGreaterThan(0);
};

/**
 * A small FEC of a fiscal year running 1 September 2021 – 31 August 2022, as an accountant hands
 * over the books of a company closing on 31 August: opening entries on the first day, sales and
 * bank entries through the year.
 */
export const septemberToAugustFec = (): { name: string; bytes: Uint8Array } => {
  const header =
    "JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise";
  const rows: string[] = [];
  const line = (
    j: string,
    jl: string,
    n: string,
    d: string,
    acc: string,
    lib: string,
    ref: string,
    label: string,
    debit: string,
    credit: string,
  ) => rows.push([j, jl, n, d, acc, lib, "", "", ref, d, label, debit, credit, "", "", d, "", ""].join("\t"));
  line("AN", "A nouveaux", "AN1", "20210901", "512000", "Banque", "AN", "A nouveaux", "12000,00", "0,00");
  line("AN", "A nouveaux", "AN1", "20210901", "101000", "Capital", "AN", "A nouveaux", "0,00", "12000,00");
  const months = ["20210915", "20211115", "20220215", "20220515", "20220831"];
  months.forEach((d, i) => {
    line(
      "VT",
      "Ventes",
      `VT${i + 1}`,
      d,
      "411000",
      "Clients",
      `F${i + 1}`,
      `Facture F${i + 1}`,
      "1200,00",
      "0,00",
    );
    line(
      "VT",
      "Ventes",
      `VT${i + 1}`,
      d,
      "706000",
      "Prestations",
      `F${i + 1}`,
      `Facture F${i + 1}`,
      "0,00",
      "1000,00",
    );
    line(
      "VT",
      "Ventes",
      `VT${i + 1}`,
      d,
      "445710",
      "TVA collectee",
      `F${i + 1}`,
      `Facture F${i + 1}`,
      "0,00",
      "200,00",
    );
  });
  return {
    name: "552100554FEC20220831.txt",
    bytes: new TextEncoder().encode(`${header}\n${rows.join("\n")}\n`),
  };
};
