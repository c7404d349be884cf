import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// A guarded append, or one taking counters, whose events do not depend on the numbers handed out
// (a draft adds to the organisation's volume counter, bounded, without writing it in its events): the
// lock, the command-id lookup, the guards, the counters with their bounds and the append in one call,
// in autocommit, so the organisation's lock is held only inside the server (no round trip to the
// client between taking the numbers and appending).

export async function up(db: Kysely<unknown>): Promise<void> {
  // A counter taken past its bound (p_limits[i], null for none: first value + count - 1 > bound) raises
  // RG422 naming it, and the whole call is undone (nothing taken). Answers registre_append's row; a
  // retried command answers its first result (duplicate), nothing taken.
  await sql`
    create function registre_append_counted(
      p_org uuid, p_stream text, p_expected bigint, p_command uuid,
      p_guards text[], p_guard_versions bigint[], p_names text[], p_counts bigint[], p_limits bigint[],
      p_types text[], p_schemas integer[], p_data text[], p_metadata text[]
    ) returns table (
      stream_id text, from_version bigint, to_version bigint, first_position bigint, last_position bigint,
      tx_id text, duplicate boolean
    ) language plpgsql as $$
    declare
      r record;
      i integer;
    begin
      for r in select * from registre_prepare_append(p_org, p_command, p_guards, p_guard_versions, p_names, p_counts)
      loop
        if r.stream_id is not null then
          stream_id := r.stream_id; from_version := r.from_version; to_version := r.to_version;
          first_position := null; last_position := r.last_position; tx_id := r.tx_id; duplicate := true;
          return next;
          return;
        end if;
        i := array_position(p_names, r.name);
        if p_limits[i] is not null and r.first_value + p_counts[i] - 1 > p_limits[i] then
          raise exception using errcode = 'RG422', message = 'registre.counterLimit',
            detail = json_build_object('counter', r.name)::text;
        end if;
      end loop;
      return query
        select * from registre_append(p_org, p_stream, p_expected, p_command, p_types, p_schemas, p_data, p_metadata);
    end $$`.execute(db);
  await sql`grant execute on function registre_append_counted(uuid, text, bigint, uuid, text[], bigint[], text[],
    bigint[], bigint[], text[], integer[], text[], text[]) to registre_app`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function registre_append_counted(uuid, text, bigint, uuid, text[], bigint[], text[], bigint[],
    bigint[], text[], integer[], text[], text[])`.execute(db);
}
