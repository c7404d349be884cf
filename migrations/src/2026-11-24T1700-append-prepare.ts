import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// What a guarded append or an append taking counters does before its events can be built, in one
// call: the organisation's session settings, its lock, the command-id lookup, the guards and the
// counters. The store then builds the events from the numbers and appends them in the same
// transaction: begin, this call, the append, commit. And a command's first result in one statement.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Answers either one row, the command's first result (stream_id not null: a retry, nothing taken),
  // or one row per counter with the first value handed out (none without counters). A guarded
  // stream that moved raises RG409 naming it.
  await sql`
    create function registre_prepare_append(
      p_org uuid, p_command uuid, p_guards text[], p_guard_versions bigint[], p_names text[], p_counts bigint[]
    ) returns table (
      stream_id text, from_version bigint, to_version bigint, last_position bigint, tx_id text,
      name text, first_value bigint
    ) language plpgsql as $$
    declare
      i integer;
      v_actual bigint;
    begin
      -- As withOrg does: the rest of the transaction runs as registre_app, confined to the organisation.
      perform set_config('role', 'registre_app', true);
      perform set_config('app.org_id', p_org::text, true);
      perform registre_lock_org(p_org);
      select c.stream_id, c.from_version, c.to_version, c.last_position, c.tx_id::text
        into stream_id, from_version, to_version, last_position, tx_id
        from commands c where c.org_id = p_org and c.command_id = p_command;
      if found then
        return next;
        return;
      end if;
      for i in 1 .. coalesce(array_length(p_guards, 1), 0) loop
        v_actual := coalesce(
          (select s.version from streams s where s.org_id = p_org and s.stream_id = p_guards[i]), 0);
        if v_actual <> p_guard_versions[i] then
          raise exception using errcode = 'RG409', message = 'registre.concurrency',
            detail = json_build_object('expected', p_guard_versions[i], 'stream', p_guards[i],
              'actual', v_actual)::text;
        end if;
      end loop;
      return query
        select null::text, null::bigint, null::bigint, null::bigint, null::text, t.name, t.first_value
        from registre_take_counters(p_org, p_names, p_counts) t;
    end $$`.execute(db);
  await sql`grant execute on function registre_prepare_append(uuid, uuid, text[], bigint[], text[], bigint[])
    to registre_app`.execute(db);

  // A command's first result, if it was appended, in one statement as the organisation (the store
  // calls it in autocommit as registre_app, like registre_append and registre_read_streams).
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
  await sql`grant execute on function registre_command_result(uuid, uuid) to registre_app`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function registre_command_result(uuid, uuid)`.execute(db);
  await sql`drop function registre_prepare_append(uuid, uuid, text[], bigint[], text[], bigint[])`.execute(
    db,
  );
}
