import postgres from "postgres";

/** The server tests and benchmarks use: DATABASE_URL, or the local server every machine here runs. */
export const adminUrl = (): string =>
  process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const urlFor = (base: string, database: string): string => {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
};

export const withAdmin = async <T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> => {
  const sql = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
};

export const createDatabase = (name: string, template?: string) =>
  withAdmin(async (sql) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await sql.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`);
        // A test database is thrown away: its commits need not wait for the WAL's flush to disk (about
        // 2 ms each here, thousands per run). Atomicity, isolation and what a clean restart keeps are
        // unchanged; only a crash of the server could lose the last commits. Every connection to it —
        // the tests', a spawned `registre`'s — takes the setting (ALTER DATABASE, not copied by TEMPLATE).
        if (process.env.TEST_SYNC_COMMIT !== "on")
          await sql.unsafe(`alter database "${name}" set synchronous_commit = off`);
        return;
      } catch (error) {
        // Two workers copying the same template at once: the second is told the source is busy.
        if (attempt >= 20 || !String(error).includes("being accessed")) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });

export const dropDatabases = (prefix: string) =>
  withAdmin(async (sql) => {
    const rows = await sql<
      { datname: string }[]
    >`select datname from pg_database where datname like ${`${prefix}%`}`;
    for (const { datname } of rows) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
  });
