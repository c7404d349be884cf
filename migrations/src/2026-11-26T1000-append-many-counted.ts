import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// A multi-stream command that takes numbers (an invoice's validation: its document number and its
// entry's) in one statement in autocommit: the lock, the command-id lookup, the guards, the counters
// within their bounds, then the events with the numbers written in, appended (registre_append_many).
// The client sends the events as templates: each place a number goes is a token (p_slot_tokens[k],
// random per call), replaced by the first value taken for counter p_slot_counters[k], padded with
// zeros to p_slot_widths[k] digits (longer when it outgrows them). The organisation's lock is held
// only inside the server: no round trip to the client between taking the numbers and appending.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Answers registre_append_many's rows and `duplicate`; a retried command answers its parts' first
  // results (p_commands, in order; nothing taken). A counter taken past its bound (p_limits[i], null
  // for none) raises RG422 naming it; a moved guard RG409: the whole call is undone.
  await sql`
    create function registre_append_many_counted(
      p_org uuid, p_command uuid, p_guards text[], p_guard_versions bigint[],
      p_names text[], p_counts bigint[], p_limits bigint[],
      p_slot_tokens text[], p_slot_counters text[], p_slot_widths integer[],
      p_streams text[], p_expected bigint[], p_commands uuid[], p_event_counts integer[],
      p_types text[], p_schemas integer[], p_data text[], p_metadata text[]
    ) returns table (
      stream_id text, from_version bigint, to_version bigint, last_position bigint, tx_id text,
      duplicate boolean
    ) language plpgsql as $$
    declare
      r record;
      i integer;
      k integer;
      v_first jsonb := '{}'::jsonb;
      v_value text;
      v_data text[] := p_data;
    begin
      for r in select * from registre_prepare_append(p_org, p_command, p_guards, p_guard_versions, p_names, p_counts)
      loop
        if r.stream_id is not null then
          return query
            select c.stream_id, c.from_version, c.to_version, c.last_position, c.tx_id::text, true
            from unnest(p_commands) with ordinality as pc(id, n)
            join commands c on c.org_id = p_org and c.command_id = pc.id
            order by pc.n;
          return;
        end if;
        i := array_position(p_names, r.name);
        if p_limits[i] is not null and r.first_value + p_counts[i] - 1 > p_limits[i] then
          raise exception using errcode = 'RG422', message = 'registre.counterLimit',
            detail = json_build_object('counter', r.name)::text;
        end if;
        v_first := v_first || jsonb_build_object(r.name, r.first_value);
      end loop;
      for k in 1 .. coalesce(array_length(p_slot_tokens, 1), 0) loop
        v_value := v_first ->> p_slot_counters[k];
        if v_value is null then
          raise exception 'registre_append_many_counted: no counter %', p_slot_counters[k];
        end if;
        if length(v_value) < p_slot_widths[k] then
          v_value := lpad(v_value, p_slot_widths[k], '0');
        end if;
        v_data := array(select replace(u.d, p_slot_tokens[k], v_value)
          from unnest(v_data) with ordinality as u(d, n) order by u.n);
      end loop;
      return query
        select a.stream_id, a.from_version, a.to_version, a.last_position, a.tx_id, false
        from registre_append_many(p_org, p_streams, p_expected, p_commands, p_event_counts,
          p_types, p_schemas, v_data, p_metadata) a;
    end $$`.execute(db);
  await sql`grant execute on function registre_append_many_counted(uuid, uuid, text[], bigint[], text[],
    bigint[], bigint[], text[], text[], integer[], text[], bigint[], uuid[], integer[], text[], integer[],
    text[], text[]) to registre_app`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function registre_append_many_counted(uuid, uuid, text[], bigint[], text[], bigint[],
    bigint[], text[], text[], integer[], text[], bigint[], uuid[], integer[], text[], integer[], text[],
    text[])`.execute(db);
}
