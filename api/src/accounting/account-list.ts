import type { Database } from "@registre/store";
import { type Kysely, sql } from "kysely";

export type AccountListFilter = {
  readonly q?: string | undefined;
  readonly class?: number | undefined;
  readonly kind?: "general" | "auxiliary" | undefined;
};

// biome-ignore lint/suspicious/noExplicitAny: read-model tables are typed by their projector
type Db = Kysely<any>;

/**
 * The accounts list's answer, `{"items":[…]}`, written by PostgreSQL in one statement: a chart is
 * a thousand accounts and more, and the server would otherwise parse every column of every row, map
 * it and write it out again. Each item is the `Account` schema's object, keys in its order (`labelEn`
 * from `label_en`), compact as `JSON.stringify` writes it; ordered by number.
 */
export const accountListJson = async (database: Database, orgId: string, f: AccountListFilter) => {
  const db = database.db as Db;
  let query = db
    .selectFrom("accounts")
    .select([
      "number",
      "kind",
      "label",
      "label_en as labelEn",
      "class",
      "lettrable",
      "collective",
      "control",
      "closed",
    ])
    .where("org_id", "=", orgId);
  if (f.class) query = query.where("class", "=", f.class);
  if (f.kind) query = query.where("kind", "=", f.kind);
  if (f.q) {
    const like = `%${f.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    query = query.where((eb) =>
      eb.or([eb("number", "ilike", like), eb("label", "ilike", like), eb("label_en", "ilike", like)]),
    );
  }
  const { rows } = await sql<{ items: string }>`
    select '{"items":[' || coalesce(string_agg(row_to_json(a)::text, ',' order by a.number), '') || ']}' as items
    from (${query}) a`.execute(db);
  return rows[0]?.items ?? '{"items":[]}';
};
