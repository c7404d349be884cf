import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// A command's reads by key, whatever the organisation's size. A plpgsql statement's plan is cached,
// and past five calls PostgreSQL may keep a generic one, made without the parameters' values: for
// `unnest(streams) join events on org_id = $1 and stream_id = s.st …` (and `commands … command_id =
// any($2)`), estimating an organisation at the table's average, it chose to scan every event (every
// command) of the organisation by the `org_id` prefix and hash-join them with the streams asked:
// measured on an organisation of 1,310 events, 151 buffers and 0.6 ms for two stream reads, against 4
// buffers by key; a command's cost then grew with its organisation's log. Each stream and each command
// id is now read by its own key: a lateral subquery per element, fenced (`offset 0`) so the planner
// cannot flatten it back into the join, takes the primary key with every column bound.

const readCommand = (body: "by key" | "by join") => {
  const events =
    body === "by key"
      ? sql`from unnest(p_streams, p_from) as s(st, f)
        cross join lateral (
          select * from events e
          where e.org_id = p_org and e.stream_id = s.st and e.stream_version >= s.f
          order by e.stream_version offset 0
        ) e`
      : sql`from unnest(p_streams, p_from) as s(st, f)
        join events e on e.org_id = p_org and e.stream_id = s.st and e.stream_version >= s.f`;
  const commands =
    body === "by key"
      ? sql`from unnest(p_commands) as k(id)
        cross join lateral (
          select * from commands c where c.org_id = p_org and c.command_id = k.id offset 0
        ) c`
      : sql`from commands c where c.org_id = p_org and c.command_id = any(p_commands)`;
  return sql`
    create or replace function registre_read_command(
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
        ${events}
        order by e.stream_id, e.stream_version;
      return query
        select 'command'::text, null::bigint, c.org_id, null::bigint, c.stream_id, null::bigint, null::text,
          null::integer, null::text, null::text, null::timestamptz, c.tx_id::text,
          c.command_id, c.from_version, c.to_version, c.last_position
        ${commands};
    end $$`;
};

const readStreams = (body: "by key" | "by join") => {
  const events =
    body === "by key"
      ? sql`from unnest(p_streams, p_from) as s(st, f)
        cross join lateral (
          select * from events e
          where e.org_id = p_org and e.stream_id = s.st and e.stream_version >= s.f
          order by e.stream_version offset 0
        ) e`
      : sql`from unnest(p_streams, p_from) as s(st, f)
        join events e on e.org_id = p_org and e.stream_id = s.st and e.stream_version >= s.f`;
  return sql`
    create or replace function registre_read_streams(p_org uuid, p_streams text[], p_from bigint[])
    returns table (
      "position" bigint, org_id uuid, org_seq bigint, stream_id text, stream_version bigint, type text,
      schema_version integer, data text, metadata text, recorded_at timestamptz, tx_id text
    ) language plpgsql as $$
    begin
      perform set_config('app.org_id', p_org::text, true);
      return query
        select e.position, e.org_id, e.org_seq, e.stream_id, e.stream_version, e.type, e.schema_version,
          e.data, e.metadata, e.recorded_at, e.tx_id::text
        ${events}
        order by e.stream_id, e.stream_version;
    end $$`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await readCommand("by key").execute(db);
  await readStreams("by key").execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await readCommand("by join").execute(db);
  await readStreams("by join").execute(db);
}
