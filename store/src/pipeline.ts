import type { Compilable, CompiledQuery, Kysely } from "kysely";

/**
 * Statements of a transaction on PostgreSQL need not each wait for their answer. Two marks on a
 * compiled query tell the driver (postgres-driver.ts) so; PGlite's dialect ignores them and runs the
 * statement as it comes, so a marked statement means the same on both.
 *
 * - `behind`: a write whose answer the caller does not read. The driver sends it and returns at once
 *   (an empty result); the next statement that waits, or the commit, goes out after it on the same
 *   connection and waits for both: its failure fails that statement, or the commit (which then rolls
 *   the transaction back). A transaction's `begin` goes out this way.
 * - `committing`: the transaction's last statement, whose answer the caller reads: `commit` goes out
 *   right behind it (a failed statement makes it a rollback), and the transaction's own commit
 *   afterwards sends nothing more.
 */
export type PipelineMark = "behind" | "committing";

export type MarkedQuery = CompiledQuery & { readonly pipeline?: PipelineMark };

export const pipelineMark = (query: CompiledQuery): PipelineMark | undefined =>
  (query as MarkedQuery).pipeline;

export const marked = (query: CompiledQuery, mark: PipelineMark): MarkedQuery => ({
  ...query,
  pipeline: mark,
});

/**
 * Runs `query` as a write whose answer is not read, inside the transaction `db` is (outside one it
 * simply runs): on PostgreSQL it does not wait for the server, the transaction's next waiting statement
 * or its commit does.
 */
export const writeBehind = async (
  // biome-ignore lint/suspicious/noExplicitAny: any executor of the database
  db: Kysely<any>,
  query: Compilable | CompiledQuery,
): Promise<void> => {
  await db.executeQuery(marked("compile" in query ? query.compile() : query, "behind"));
};
