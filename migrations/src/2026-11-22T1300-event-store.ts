import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The application role that org-scoped transactions switch to. Roles are cluster-wide on Postgres:
  // several databases (one per test run) may race to create it.
  await sql`
    do $$ begin
      create role registre_app nologin;
    exception when duplicate_object or unique_violation then null;
    end $$`.execute(db);
  await sql`
    do $$ begin
      execute format('grant registre_app to %I', current_user);
    exception when others then null;
    end $$`.execute(db);

  await sql`
    create table org_heads (
      org_id uuid primary key,
      seq bigint not null default 0,
      hash bytea,
      counters jsonb not null default '{}'::jsonb,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table streams (
      org_id uuid not null,
      stream_id text not null,
      version bigint not null,
      primary key (org_id, stream_id)
    )`.execute(db);

  await sql`
    create table events (
      position bigint generated always as identity,
      org_id uuid not null,
      org_seq bigint not null,
      stream_id text not null,
      stream_version bigint not null,
      type text not null,
      schema_version integer not null,
      data text not null,
      metadata text not null,
      hash bytea not null,
      recorded_at timestamptz not null default now(),
      tx_id xid8 not null default pg_current_xact_id(),
      primary key (org_id, stream_id, stream_version),
      unique (org_id, org_seq)
    )`.execute(db);
  await sql`create index events_global_order on events (tx_id, position)`.execute(db);
  await sql`grant usage on sequence events_position_seq to registre_app`.execute(db);

  await sql`
    create table commands (
      org_id uuid not null,
      command_id uuid not null,
      stream_id text not null,
      from_version bigint not null,
      to_version bigint not null,
      last_position bigint,
      tx_id xid8 not null default pg_current_xact_id(),
      recorded_at timestamptz not null default now(),
      primary key (org_id, command_id)
    )`.execute(db);

  for (const table of ["org_heads", "streams", "events", "commands"]) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`
      create policy org_isolation on ${sql.table(table)}
      using (org_id = nullif(current_setting('app.org_id', true), '')::uuid)
      with check (org_id = nullif(current_setting('app.org_id', true), '')::uuid)`.execute(db);
    await sql`grant select, insert, update on ${sql.table(table)} to registre_app`.execute(db);
  }

  // The hash chain input: the previous hash's raw bytes, then these fields joined by newlines.
  // store/src/hash.ts computes the same bytes in TypeScript for `registre audit verify`.
  await sql`
    create function registre_event_hash(
      prev bytea, p_org uuid, p_seq bigint, p_stream text, p_version bigint,
      p_type text, p_schema integer, p_data text, p_metadata text
    ) returns bytea language sql immutable parallel safe as $$
      select sha256(coalesce(prev, ''::bytea) || convert_to(
        p_org::text || E'\n' || p_seq::text || E'\n' || p_stream || E'\n' || p_version::text || E'\n' ||
        p_type || E'\n' || p_schema::text || E'\n' || p_data || E'\n' || p_metadata, 'UTF8'))
    $$`.execute(db);

  // Serialises one organisation's writes *before* its transaction takes an id: an advisory lock needs
  // no transaction id, so ids are handed out in lock order and the log's (tx_id, position) order agrees
  // with each organisation's sequence and each stream's versions. Other organisations never wait.
  await sql`
    create function registre_lock_org(p_org uuid) returns void language sql as $$
      select pg_advisory_xact_lock(hashtextextended(p_org::text, 0))
    $$`.execute(db);
  await sql`grant execute on function registre_lock_org(uuid) to registre_app`.execute(db);

  // Hands out gapless counters by locking the organisation's head row until commit.
  await sql`
    create function registre_take_counters(p_org uuid, p_names text[], p_counts bigint[])
    returns table (name text, first_value bigint) language plpgsql as $$
    declare
      v_counters jsonb;
      i integer;
    begin
      perform registre_lock_org(p_org);
      select h.counters into v_counters from org_heads h where h.org_id = p_org;
      v_counters := coalesce(v_counters, '{}'::jsonb);
      for i in 1 .. coalesce(array_length(p_names, 1), 0) loop
        name := p_names[i];
        first_value := coalesce((v_counters ->> p_names[i])::bigint, 0) + 1;
        v_counters := jsonb_set(v_counters, array[p_names[i]], to_jsonb(first_value + p_counts[i] - 1));
        return next;
      end loop;
      insert into org_heads as h (org_id, counters) values (p_org, v_counters)
        on conflict (org_id) do update set counters = excluded.counters, updated_at = now();
    end $$`.execute(db);

  // One call appends a command's events: idempotency by command id, optimistic concurrency on the
  // stream row, per-organisation sequence and hash chain from the head row (locked to commit).
  // p_expected: null = any version, 0 = the stream must not exist, n = the stream must be at n.
  // It does not NOTIFY: a notifying commit holds a cluster-wide lock until its WAL is flushed, which
  // serialises concurrent appends; the store sends a debounced notification after commit instead.
  await sql`
    create function registre_append(
      p_org uuid, p_stream text, p_expected bigint, p_command uuid,
      p_types text[], p_schemas integer[], p_data text[], p_metadata text[]
    ) returns table (
      stream_id text, from_version bigint, to_version bigint, first_position bigint, last_position bigint,
      tx_id text, duplicate boolean
    ) language plpgsql as $$
    declare
      v_count integer := coalesce(array_length(p_types, 1), 0);
      v_seq bigint;
      v_hash bytea;
      v_from bigint;
      v_hashes bytea[] := array[]::bytea[];
      i integer;
    begin
      -- Row-level security inside the function: it only ever sees and writes p_org's rows.
      perform set_config('app.org_id', p_org::text, true);
      -- Writes take the organisation's lock first; under it, a command id recorded by a concurrent
      -- twin is visible. (A zero-event command writes nothing and is never recorded.)
      if v_count > 0 then
        perform registre_lock_org(p_org);
      end if;
      if p_command is not null then
        select c.stream_id, c.from_version, c.to_version, c.last_position, c.tx_id::text
          into stream_id, from_version, to_version, last_position, tx_id
          from commands c where c.org_id = p_org and c.command_id = p_command;
        if found then
          first_position := null;
          duplicate := true;
          return next;
          return;
        end if;
      end if;

      if v_count = 0 then
        select s.version into v_from from streams s where s.org_id = p_org and s.stream_id = p_stream;
        v_from := coalesce(v_from, 0);
        if p_expected is not null and p_expected <> v_from then
          raise exception using errcode = 'RG409', message = 'registre.concurrency',
            detail = json_build_object('expected', p_expected, 'actual', v_from)::text;
        end if;
        stream_id := p_stream; from_version := v_from; to_version := v_from; duplicate := false;
        return next;
        return;
      end if;

      -- The organisation's lock makes this plain read safe: only these functions write the head row,
      -- and they all take the lock first. The row is written once, at the end.
      select h.seq, h.hash into v_seq, v_hash from org_heads h where h.org_id = p_org;
      v_seq := coalesce(v_seq, 0);

      if p_expected = 0 then
        insert into streams as s (org_id, stream_id, version) values (p_org, p_stream, v_count)
          on conflict do nothing;
        if not found then
          raise exception using errcode = 'RG409', message = 'registre.concurrency',
            detail = json_build_object('expected', 0, 'actual',
              (select s.version from streams s where s.org_id = p_org and s.stream_id = p_stream))::text;
        end if;
        v_from := 0;
      elsif p_expected is null then
        insert into streams as s (org_id, stream_id, version) values (p_org, p_stream, v_count)
          on conflict on constraint streams_pkey do update set version = s.version + excluded.version
          returning s.version - v_count into v_from;
      else
        update streams s set version = s.version + v_count
          where s.org_id = p_org and s.stream_id = p_stream and s.version = p_expected
          returning s.version - v_count into v_from;
        if not found then
          raise exception using errcode = 'RG409', message = 'registre.concurrency',
            detail = json_build_object('expected', p_expected, 'actual',
              (select s.version from streams s where s.org_id = p_org and s.stream_id = p_stream))::text;
        end if;
      end if;

      for i in 1 .. v_count loop
        v_hash := registre_event_hash(v_hash, p_org, v_seq + i, p_stream, v_from + i,
          p_types[i], p_schemas[i], p_data[i], p_metadata[i]);
        v_hashes := v_hashes || v_hash;
      end loop;

      insert into org_heads as h (org_id, seq, hash) values (p_org, v_seq + v_count, v_hash)
        on conflict (org_id) do update set seq = excluded.seq, hash = excluded.hash, updated_at = now();

      with inserted as (
        insert into events (org_id, org_seq, stream_id, stream_version, type, schema_version, data, metadata, hash)
        select p_org, v_seq + u.n, p_stream, v_from + u.n, u.t, u.s, u.d, u.m, u.h
        from unnest(p_types, p_schemas, p_data, p_metadata, v_hashes) with ordinality as u(t, s, d, m, h, n)
        returning position
      )
      select min(position), max(position) into first_position, last_position from inserted;

      if p_command is not null then
        insert into commands (org_id, command_id, stream_id, from_version, to_version, last_position)
          values (p_org, p_command, p_stream, v_from, v_from + v_count, last_position);
      end if;

      stream_id := p_stream;
      from_version := v_from;
      to_version := v_from + v_count;
      tx_id := pg_current_xact_id()::text;
      duplicate := false;
      return next;
    end $$`.execute(db);
  await sql`grant execute on function registre_append(uuid, text, bigint, uuid, text[], integer[], text[], text[]) to registre_app`.execute(
    db,
  );
  await sql`grant execute on function registre_take_counters(uuid, text[], bigint[]) to registre_app`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function registre_append(uuid, text, bigint, uuid, text[], integer[], text[], text[])`.execute(
    db,
  );
  await sql`drop function registre_take_counters(uuid, text[], bigint[])`.execute(db);
  await sql`drop function registre_lock_org(uuid)`.execute(db);
  await sql`drop function registre_event_hash(bytea, uuid, bigint, text, bigint, text, integer, text, text)`.execute(
    db,
  );
  await sql`drop table commands, events, streams, org_heads`.execute(db);
}
