import { type CommandMetadata, type FecLineInput, fiscalStreamId, writeFec } from "@registre/core";
import { type DatabaseKind, isTransientDatabaseError } from "@registre/store";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../../tests/support/databases.ts";
import { openContext } from "../bootstrap.ts";
import type { AppContext } from "../context.ts";
import { derivedId } from "../ids.ts";
import { createOrganisation } from "../organisations.ts";
import { collect } from "./csv.ts";
import { exportFec } from "./fec.ts";
import { importFec } from "./fec-import.ts";

/** A FEC line of journal `journal`, entry `n`, on `account` (with `aux` as CompAuxNum). */
const line = (
  n: number,
  account: string,
  debit: number,
  credit: number,
  extra: Partial<FecLineInput> = {},
): FecLineInput => ({
  journalCode: "OD",
  journalLib: "Opérations diverses",
  ecritureNum: String(n),
  ecritureDate: `2025-03-${String((n % 28) + 1).padStart(2, "0")}`,
  compteNum: account,
  compteLib: `Compte ${account}`,
  compAuxNum: "",
  compAuxLib: "",
  pieceRef: `P${n}`,
  pieceDate: "2025-03-01",
  ecritureLib: `Opération ${n}`,
  debit,
  credit,
  ecritureLet: "",
  dateLet: "",
  validDate: "2025-04-30",
  montantDevise: null,
  idevise: "",
  ...extra,
});

const FILE = "123456782FEC20251231.txt";

describe.each(databaseKinds)("the FEC import's bulk path on %s", (kind: DatabaseKind) => {
  let ctx: AppContext;
  beforeAll(async () => {
    const base = await openContext({}, await openTestDatabase(kind));
    ctx = { ...base, clock: () => new Date("2026-11-24T10:00:00Z") };
    await ctx.runner.start();
  });
  afterAll(async () => {
    await ctx?.runner.stop();
    await ctx?.database.close();
  });

  const meta = (): CommandMetadata => ({
    commandId: ctx.newId(),
    at: "2026-11-24T10:00:00.000Z",
    userId: "test",
  });
  const organisation = (siren: string) =>
    createOrganisation(
      ctx,
      { name: "Reprise SARL", siren, vatNumber: null, fiscalYearStartMonth: 1 },
      meta(),
    );
  const events = async (orgId: string) =>
    Number(
      (
        await sql<{ n: number }>`select count(*)::integer as n from events where org_id = ${orgId}`.execute(
          ctx.database.db,
        )
      ).rows[0]?.n,
    );
  const entries = (orgId: string) =>
    ctx.database.db
      .selectFrom("entries")
      .select(["number", "validated_on", "origin"])
      .where("org_id", "=", orgId)
      .orderBy("number")
      .execute();

  it("keeps each entry's ValidDate, and the re-exported FEC says it", async () => {
    const orgId = await organisation("732829320");
    const records = [
      line(1, "622600", 1_000, 0, { validDate: "2025-03-05" }),
      line(1, "512000", 0, 1_000, { validDate: "2025-03-05" }),
      line(2, "606400", 2_500, 0, { validDate: "" }),
      line(2, "512000", 0, 2_500, { validDate: "" }),
    ];
    const result = await importFec(ctx, orgId, Buffer.from(writeFec(records, "|")), FILE, meta());
    expect(result.errors).toEqual([]);
    const rows = await entries(orgId);
    // The file's ValidDate; without one, the day of the import.
    expect(rows.map((r) => [r.number, String(r.validated_on).slice(0, 10)])).toEqual([
      ["OD000001", "2025-03-05"],
      ["OD000002", "2026-11-24"],
    ]);
    const again = await collect((await exportFec(ctx, orgId, "2025", { separator: "|" })).chunks);
    const validDates = again
      .split("\r\n")
      .slice(1)
      .filter((l) => l !== "")
      .map((l) => l.split("|")[15]);
    expect(validDates).toEqual(["20250305", "20250305", "20261124", "20261124"]);
  });

  it("makes 421, 455, 467 and 425 collective when the file names auxiliary accounts on them, with a warning", async () => {
    const orgId = await organisation("443061841");
    const records = [
      line(1, "641000", 300_000, 0),
      line(1, "421000", 0, 300_000, { compAuxNum: "SDUPONT", compAuxLib: "Salarié Dupont" }),
      line(2, "512000", 500_000, 0),
      line(2, "455100", 0, 500_000, { compAuxNum: "AMARTIN", compAuxLib: "Associé Martin" }),
      line(3, "467000", 10_000, 0, { compAuxNum: "DIVERS1", compAuxLib: "Débiteur divers" }),
      line(3, "512000", 0, 10_000),
      line(4, "425000", 20_000, 0, { compAuxNum: "SDUPONT", compAuxLib: "Salarié Dupont" }),
      line(4, "512000", 0, 20_000),
    ];
    const result = await importFec(ctx, orgId, Buffer.from(writeFec(records, "|")), FILE, meta());
    expect(result.errors).toEqual([]);
    expect(result.entries).toBe(4);
    const made = result.warnings.filter((w) => w.code === "fec.madeCollective");
    expect(made.map((w) => w.params?.account).sort()).toEqual(["421000", "425000", "455100", "467000"]);
    const accounts = await ctx.database.db
      .selectFrom("accounts")
      .select(["number", "collective", "lettrable", "control"])
      .where("org_id", "=", orgId)
      .where((eb) =>
        eb.or([eb("number", "in", ["421000", "425000", "455100", "467000"]), eb("control", "is not", null)]),
      )
      .orderBy("number")
      .execute();
    const general = accounts.filter((a) => a.control === null);
    expect(general.every((a) => a.collective && a.lettrable)).toBe(true);
    expect(accounts.filter((a) => a.control !== null).map((a) => [a.control, a.number])).toEqual(
      expect.arrayContaining([
        ["421000", "SDUPONT"],
        ["455100", "AMARTIN"],
        ["467000", "DIVERS1"],
      ]),
    );
    // Other classes still refuse auxiliary accounts: a bank account cannot be collective.
    const other = await organisation("552100554");
    const refused = await importFec(
      ctx,
      other,
      Buffer.from(
        writeFec(
          [line(1, "512000", 1_000, 0, { compAuxNum: "X1", compAuxLib: "X" }), line(1, "706000", 0, 1_000)],
          "|",
        ),
      ),
      "552100554FEC20251231.txt",
      meta(),
    );
    expect(refused.errors.map((e) => e.code)).toEqual(["fec.notCollective"]);
  });

  it("an import right after its dry run takes the dry run's plan: the file read once, its year opened under the import's own id; on books changed meanwhile, read again", async () => {
    let reads = 0;
    const counted: AppContext = {
      ...ctx,
      work: {
        ...ctx.work,
        run: ((...args: Parameters<AppContext["work"]["run"]>) => {
          reads += 1;
          return ctx.work.run(...args);
        }) as AppContext["work"]["run"],
      },
    };
    const records = [line(1, "622600", 1_000, 0), line(1, "512000", 0, 1_000)];
    const file = () => Buffer.from(writeFec(records, "|"));
    const orgId = await organisation("552120222");
    const planned = await importFec(counted, orgId, file(), FILE, meta(), { dryRun: true });
    expect([reads, planned.errors, planned.fiscalYearsOpened]).toEqual([
      1,
      [],
      [{ start: "2025-01-01", end: "2025-12-31" }],
    ]);
    const command = meta();
    const reported: [string, number, number][] = [];
    const imported = await importFec(counted, orgId, file(), FILE, command, {
      progress: (phase, done = 0, total = 0) => reported.push([phase, done, total]),
    });
    expect([reads, imported.entries, imported.errors]).toEqual([1, 1, []]);
    // The screen says « checking 2 lines », then « writing 1 of 1 » entries.
    expect(reported.filter(([phase]) => phase === "checking" || phase === "writing")).toEqual([
      ["checking", 0, 2],
      ["writing", 1, 1],
    ]);
    const years = await ctx.store.readStream(orgId, fiscalStreamId(orgId));
    const opened = years
      .filter((e) => e.type === "FiscalYearOpened")
      .map((e) => (e.data as { id: string }).id);
    expect(opened).toContain(derivedId(command.commandId, "year", 0));

    // Another organisation: a dry run, then an account created before the import — the plan is made again.
    const other = await organisation("443061841");
    await importFec(counted, other, file(), FILE, meta(), { dryRun: true });
    await importFec(
      counted,
      other,
      Buffer.from(writeFec([line(1, "622600", 5, 0), line(1, "512000", 0, 5)], "|")),
      "autre.txt",
      meta(),
    );
    const before = reads;
    await importFec(counted, other, file(), FILE, meta());
    expect(reads).toBe(before + 1);
  });

  it("an import interrupted between two batches finishes on retry with the same command id, nothing twice, numbers gapless", async () => {
    const orgId = await organisation("404833048");
    const records = Array.from({ length: 12 }, (_, i) => [
      line(i + 1, "622600", 1_000 + i, 0),
      line(i + 1, "512000", 0, 1_000 + i),
    ]).flat();
    const bytes = Buffer.from(writeFec(records, "|"));
    const metadata = meta();
    const before = await events(orgId);
    const store = ctx.store;
    const appendMany = store.appendMany;
    let calls = 0;
    // The database goes away before the third batch (of 4 entries each) commits.
    store.appendMany = (...args) => {
      if (++calls === 3)
        return Promise.reject(
          Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" }),
        );
      return appendMany(...args);
    };
    const interrupted = importFec(ctx, orgId, bytes, FILE, metadata, { batchLines: 8 });
    await expect(interrupted).rejects.toSatisfy(isTransientDatabaseError);
    store.appendMany = appendMany;
    // Two batches of four entries, each drafted and validated: 16 events.
    expect((await events(orgId)) - before).toBeGreaterThanOrEqual(16);
    expect(await ctx.runner.waitFor(await ctx.store.head(), ["ledger"], orgId, 30_000)).toBe(true);
    const partial = (await entries(orgId)).length;
    expect(partial).toBe(8);
    const result = await importFec(ctx, orgId, bytes, FILE, metadata, { batchLines: 8 });
    expect(result).toMatchObject({ entries: 12, lines: 24 });
    const rows = await entries(orgId);
    expect(rows.map((r) => r.number)).toEqual(
      Array.from({ length: 12 }, (_, i) => `OD${String(i + 1).padStart(6, "0")}`),
    );
    const written = await events(orgId);
    await importFec(ctx, orgId, bytes, FILE, metadata, { batchLines: 8 });
    expect(await events(orgId)).toBe(written);
  });
});
