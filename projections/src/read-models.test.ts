import { createEventStore } from "@registre/store";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { allProjectors } from "./index.ts";
import type { ReadModels } from "./read-models.ts";
import { createProjectionRunner } from "./runner.ts";

/** Every column of every read-model type, each once: the compiler refuses a missing or an extra one. */
type Columns = { readonly [T in keyof ReadModels]: { readonly [C in keyof ReadModels[T]]: true } };

const all = <C extends string>(...names: C[]) =>
  Object.fromEntries(names.map((n) => [n, true])) as Record<C, true>;
const movements = ["debit", "credit", "lines"] as const;
const totals = ["org_id", "journal", "status", "n", "debit", "credit"] as const;

const columns: Columns = {
  organisations: all(
    "org_id",
    "name",
    "siren",
    "vat_number",
    "address",
    "fiscal_year_start_month",
    "vat_regime",
    "vat_on_debits",
    "email",
    "logo",
    "created_at",
    "updated_at",
    "version",
  ),
  stream_history: all("org_id", "stream_id", "version", "position", "type", "at", "user_id", "data"),
  users: all("user_id", "email", "name", "created_at"),
  memberships: all("org_id", "user_id", "profile", "added_at"),
  invitations: all(
    "org_id",
    "invitation_id",
    "email",
    "profile",
    "status",
    "invited_at",
    "invited_by",
    "expires_at",
    "answered_at",
    "user_id",
  ),
  auth_items: all("org_id", "item_id", "name", "rights"),
  auth_assignments: all("org_id", "assignment_id", "item_id", "user_id"),
  accounts: all(
    "org_id",
    "number",
    "kind",
    "label",
    "label_en",
    "class",
    "lettrable",
    "collective",
    "control",
    "closed",
  ),
  journals: all("org_id", "code", "label", "label_en", "kind", "vat", "account"),
  fiscal_years: all("org_id", "id", "start_date", "end_date", "status", "opening_mvt", "closed_on"),
  period_locks: all("org_id", "locked_until"),
  closing_steps: all(
    "org_id",
    "year_id",
    "id",
    "label",
    "status",
    "note",
    "position",
    "updated_at",
    "updated_by",
  ),
  entries: all(
    "org_id",
    "mvt",
    "journal",
    "date",
    "piece_ref",
    "piece_date",
    "label",
    "status",
    "number",
    "fiscal_year_id",
    "validated_on",
    "debit",
    "credit",
    "line_count",
    "lines",
    "origin",
    "position",
    "created_at",
    "updated_at",
  ),
  entry_search: all("org_id", "mvt", "date", "position", "journal", "status", "debit", "credit", "search"),
  ledger_lines: all(
    "org_id",
    "mvt",
    "line",
    "journal",
    "number",
    "fiscal_year_id",
    "position",
    "date",
    "piece_ref",
    "piece_date",
    "account",
    "auxiliary",
    "label",
    "debit",
    "credit",
    "validated_on",
    "letter_code",
    "letter_date",
  ),
  account_balances: all("org_id", "period", "account", ...movements),
  auxiliary_balances: all("org_id", "period", "account", "auxiliary", ...movements),
  account_day_balances: all("org_id", "account", "date", ...movements),
  entry_month_totals: all(...totals, "month"),
  entry_day_totals: all(...totals, "day"),
  items: all(
    "org_id",
    "id",
    "reference",
    "label",
    "description",
    "use",
    "kind",
    "unit",
    "vat_rate",
    "vat_exemption",
    "sell_account",
    "buy_account",
    "buy_price",
    "sell_price",
    "sale_tiers",
    "purchase_tiers",
    "metas",
    "status",
    "search",
    "created_at",
    "updated_at",
  ),
  reference_entries: all("kind", "code", "label", "label_en"),
  contacts: all(
    "org_id",
    "contact_id",
    "kind",
    "name",
    "sort_name",
    "types",
    "criteria",
    "status",
    "siren",
    "vat_number",
    "email",
    "phone",
    "city",
    "customer_account",
    "supplier_account",
    "state",
    "search",
    "dup_keys",
    "created_at",
    "updated_at",
    "version",
  ),
  contact_auxiliary_codes: all("org_id", "code", "contact_id", "role"),
  ledger_versions: all("org_id", "position"),
  accounting_setup_versions: all("org_id", "position"),
};

describe("the read models' types", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    await createProjectionRunner(database, createEventStore(database), allProjectors).setup();
  });
  afterAll(() => database?.close());

  it("name every projector's table, with the columns its DDL creates", async () => {
    expect(Object.keys(columns).sort()).toEqual(
      allProjectors.flatMap((p) => p.tables.map((t) => t.name)).sort(),
    );
    for (const [table, typed] of Object.entries(columns)) {
      const { rows } = await sql<{ column_name: string }>`
        select column_name from information_schema.columns where table_name = ${table}`.execute(database.db);
      expect(rows.map((r) => r.column_name).sort(), table).toEqual(Object.keys(typed).sort());
    }
  });
});
