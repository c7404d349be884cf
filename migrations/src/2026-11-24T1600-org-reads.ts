import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// A command's stream reads in one statement: its own stream and the chart, the journals and the
// calendar it decides on, read side by side, go out together.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Several streams of one organisation at once (a command reads its stream and the chart, the
  // journals and the calendar it decides on): events from each stream's version on, in stream order.
  await sql`
    create function registre_read_streams(p_org uuid, p_streams text[], p_from bigint[])
    returns table (
      "position" bigint, org_id uuid, org_seq bigint, stream_id text, stream_version bigint, type text,
      schema_version integer, data text, metadata text, recorded_at timestamptz, tx_id text
    ) language plpgsql as $$
    begin
      perform set_config('app.org_id', p_org::text, true);
      return query
        select e.position, e.org_id, e.org_seq, e.stream_id, e.stream_version, e.type, e.schema_version,
          e.data, e.metadata, e.recorded_at, e.tx_id::text
        from unnest(p_streams, p_from) as s(st, f)
        join events e on e.org_id = p_org and e.stream_id = s.st and e.stream_version >= s.f
        order by e.stream_id, e.stream_version;
    end $$`.execute(db);
  await sql`grant execute on function registre_read_streams(uuid, text[], bigint[]) to registre_app`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function registre_read_streams(uuid, text[], bigint[])`.execute(db);
}
