import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// A command's hot reads in one statement each, as `registre_app`: the functions set the organisation
// themselves (row-level security applies), so the store sends one prepared statement in autocommit
// instead of BEGIN, the organisation's settings, the query and COMMIT.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function registre_read_stream(p_org uuid, p_stream text, p_from bigint, p_to bigint)
    returns table (
      "position" bigint, org_id uuid, org_seq bigint, stream_id text, stream_version bigint, type text,
      schema_version integer, data text, metadata text, recorded_at timestamptz, tx_id text
    ) language plpgsql as $$
    begin
      perform set_config('app.org_id', p_org::text, true);
      return query
        select e.position, e.org_id, e.org_seq, e.stream_id, e.stream_version, e.type, e.schema_version,
          e.data, e.metadata, e.recorded_at, e.tx_id::text
        from events e
        where e.org_id = p_org and e.stream_id = p_stream
          and e.stream_version >= p_from and e.stream_version <= p_to
        order by e.stream_version;
    end $$`.execute(db);
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
  await sql`
    create function registre_command_result(p_org uuid, p_command uuid)
    returns table (stream_id text, from_version bigint, to_version bigint, last_position bigint, tx_id text)
    language plpgsql as $$
    begin
      perform set_config('app.org_id', p_org::text, true);
      return query
        select c.stream_id, c.from_version, c.to_version, c.last_position, c.tx_id::text
        from commands c where c.org_id = p_org and c.command_id = p_command;
    end $$`.execute(db);
  await sql`grant execute on function registre_read_stream(uuid, text, bigint, bigint) to registre_app`.execute(
    db,
  );
  await sql`grant execute on function registre_command_result(uuid, uuid) to registre_app`.execute(db);
  await sql`grant execute on function registre_read_streams(uuid, text[], bigint[]) to registre_app`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function registre_read_stream(uuid, text, bigint, bigint)`.execute(db);
  await sql`drop function registre_command_result(uuid, uuid)`.execute(db);
  await sql`drop function registre_read_streams(uuid, text[], bigint[])`.execute(db);
}
