import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// A command's look-up and its stream reads in one statement: whether its id was appended already,
// and its stream with the chart, the journals and the calendar it decides on, asked in the same tick,
// go out together (`registre_read_streams` and `registre_command_result` in one call).

export async function up(db: Kysely<unknown>): Promise<void> {
  // Rows of two kinds: 'event' (the columns of registre_read_streams, the streams' events from each
  // one's version on, in stream order), then 'command' (a command id of p_commands that was appended:
  // command_id, stream_id, from_version, to_version, last_position and tx_id of its first result).
  await sql`
    create function registre_read_command(
      p_org uuid, p_commands uuid[], p_streams text[], p_from bigint[]
    ) returns table (
      kind text, "position" bigint, org_id uuid, org_seq bigint, stream_id text, stream_version bigint,
      type text, schema_version integer, data text, metadata text, recorded_at timestamptz, tx_id text,
      command_id uuid, from_version bigint, to_version bigint, last_position bigint
    ) language plpgsql as $$
    begin
      perform set_config('app.org_id', p_org::text, true);
      return query
        select 'event'::text, e.position, e.org_id, e.org_seq, e.stream_id, e.stream_version, e.type,
          e.schema_version, e.data, e.metadata, e.recorded_at, e.tx_id::text,
          null::uuid, null::bigint, null::bigint, null::bigint
        from unnest(p_streams, p_from) as s(st, f)
        join events e on e.org_id = p_org and e.stream_id = s.st and e.stream_version >= s.f
        order by e.stream_id, e.stream_version;
      return query
        select 'command'::text, null::bigint, c.org_id, null::bigint, c.stream_id, null::bigint, null::text,
          null::integer, null::text, null::text, null::timestamptz, c.tx_id::text,
          c.command_id, c.from_version, c.to_version, c.last_position
        from commands c where c.org_id = p_org and c.command_id = any(p_commands);
    end $$`.execute(db);
  await sql`grant execute on function registre_read_command(uuid, uuid[], text[], bigint[]) to registre_app`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function registre_read_command(uuid, uuid[], text[], bigint[])`.execute(db);
}
