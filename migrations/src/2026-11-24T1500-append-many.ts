import { type Kysely, sql } from "kysely";

// Frozen once landed: never edit, add a new migration instead.
//
// One call appends a command's events to several streams of an organisation (the bulk path: an
// invoice and its entry, a batch of imported entries). The caller holds the organisation's lock and
// has looked the command up, checked its guards and taken its counters in the same transaction.
// Parts are given flat: for part p, p_counts[p] events follow in the event arrays. Each stream is
// checked at its expected version (null = any, 0 = must not exist) and moved once; the events are
// hash-chained in order and inserted in one statement; the head row is written once; each part with
// events is recorded in `commands` under its own id. A conflict raises RG409 naming the stream.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function registre_append_many(
      p_org uuid, p_streams text[], p_expected bigint[], p_commands uuid[], p_counts integer[],
      p_types text[], p_schemas integer[], p_data text[], p_metadata text[]
    ) returns table (stream_id text, from_version bigint, to_version bigint, last_position bigint, tx_id text)
    language plpgsql as $$
    declare
      v_parts integer := coalesce(array_length(p_streams, 1), 0);
      v_seq bigint;
      v_hash bytea;
      v_from bigint;
      v_count integer;
      v_at integer := 0;
      v_froms bigint[] := array[]::bigint[];
      v_event_streams text[] := array[]::text[];
      v_versions bigint[] := array[]::bigint[];
      v_hashes bytea[] := array[]::bytea[];
      v_lasts bigint[];
      v_inserted text[];
      v_taken text;
      p integer;
      i integer;
    begin
      perform set_config('app.org_id', p_org::text, true);
      perform registre_lock_org(p_org);
      select h.seq, h.hash into v_seq, v_hash from org_heads h where h.org_id = p_org;
      v_seq := coalesce(v_seq, 0);

      -- New streams (expected 0) in one statement; a stream that exists already is a conflict.
      with ins as (
        insert into streams as s (org_id, stream_id, version)
          select p_org, n.st, n.c from unnest(p_streams, p_expected, p_counts) as n(st, e, c)
          where n.e = 0 and n.c > 0
          on conflict do nothing
          returning s.stream_id
      )
      select array_agg(ins.stream_id) into v_inserted from ins;
      if coalesce(array_length(v_inserted, 1), 0) <>
        (select count(*) from unnest(p_expected, p_counts) as n(e, c) where n.e = 0 and n.c > 0) then
        select n.st into v_taken from unnest(p_streams, p_expected, p_counts) as n(st, e, c)
          where n.e = 0 and n.c > 0 and not (n.st = any(coalesce(v_inserted, array[]::text[]))) limit 1;
        raise exception using errcode = 'RG409', message = 'registre.concurrency',
          detail = json_build_object('expected', 0, 'stream', v_taken, 'actual',
            (select s.version from streams s where s.org_id = p_org and s.stream_id = v_taken))::text;
      end if;

      for p in 1 .. v_parts loop
        v_count := coalesce(p_counts[p], 0);
        if v_count > 0 and p_expected[p] = 0 then
          v_from := 0;
        elsif v_count = 0 then
          select s.version into v_from from streams s where s.org_id = p_org and s.stream_id = p_streams[p];
          v_from := coalesce(v_from, 0);
          if p_expected[p] is not null and p_expected[p] <> v_from then
            raise exception using errcode = 'RG409', message = 'registre.concurrency',
              detail = json_build_object('expected', p_expected[p], 'actual', v_from, 'stream', p_streams[p])::text;
          end if;
        elsif p_expected[p] is null then
          insert into streams as s (org_id, stream_id, version) values (p_org, p_streams[p], v_count)
            on conflict on constraint streams_pkey do update set version = s.version + excluded.version
            returning s.version - v_count into v_from;
        else
          update streams s set version = s.version + v_count
            where s.org_id = p_org and s.stream_id = p_streams[p] and s.version = p_expected[p]
            returning s.version - v_count into v_from;
          if not found then
            raise exception using errcode = 'RG409', message = 'registre.concurrency',
              detail = json_build_object('expected', p_expected[p], 'stream', p_streams[p], 'actual',
                (select s.version from streams s where s.org_id = p_org and s.stream_id = p_streams[p]))::text;
          end if;
        end if;
        v_froms := v_froms || v_from;
        for i in 1 .. v_count loop
          v_hash := registre_event_hash(v_hash, p_org, v_seq + v_at + i, p_streams[p], v_from + i,
            p_types[v_at + i], p_schemas[v_at + i], p_data[v_at + i], p_metadata[v_at + i]);
          v_hashes := v_hashes || v_hash;
          v_event_streams := v_event_streams || p_streams[p];
          v_versions := v_versions || (v_from + i);
        end loop;
        v_at := v_at + v_count;
      end loop;

      if v_at > 0 then
        insert into org_heads as h (org_id, seq, hash) values (p_org, v_seq + v_at, v_hash)
          on conflict (org_id) do update set seq = excluded.seq, hash = excluded.hash, updated_at = now();
        with inserted as (
          insert into events (org_id, org_seq, stream_id, stream_version, type, schema_version, data, metadata, hash)
          select p_org, v_seq + u.n, u.st, u.v, u.t, u.s, u.d, u.m, u.h
          from unnest(v_event_streams, v_versions, p_types, p_schemas, p_data, p_metadata, v_hashes)
            with ordinality as u(st, v, t, s, d, m, h, n)
          order by u.n
          returning position, events.stream_id as st
        ), lasts as (
          select i2.st, max(i2.position) as last from inserted i2 group by i2.st
        )
        select array_agg(l.last order by ps.k) into v_lasts
        from unnest(p_streams) with ordinality as ps(st, k)
        left join lasts l on l.st = ps.st;
      end if;

      insert into commands (org_id, command_id, stream_id, from_version, to_version, last_position)
        select p_org, r.cmd, r.st, r.f, r.f + r.c, r.l
        from unnest(p_commands, p_streams, v_froms, p_counts, v_lasts) as r(cmd, st, f, c, l)
        where r.c > 0 and r.cmd is not null;
      return query
        select r.st, r.f, r.f + r.c, case when r.c > 0 then r.l end, pg_current_xact_id()::text
        from unnest(p_streams, v_froms, p_counts, v_lasts) with ordinality as r(st, f, c, l, k)
        order by r.k;
    end $$`.execute(db);
  await sql`grant execute on function registre_append_many(uuid, text[], bigint[], uuid[], integer[], text[], integer[], text[], text[]) to registre_app`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function registre_append_many(uuid, text[], bigint[], uuid[], integer[], text[], integer[], text[], text[])`.execute(
    db,
  );
}
