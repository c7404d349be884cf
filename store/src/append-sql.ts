import type { ExpectedVersion } from "./append.ts";

/** The SQL functions the appender calls (migrations `…-event-store`, `…-append-many`, `…-append-counted`, `…-append-many-counted`), and their rows. */
export type AppendRow = {
  stream_id: string;
  from_version: number;
  to_version: number;
  first_position: number | null;
  last_position: number | null;
  tx_id: string | null;
  duplicate: boolean;
};

export const toExpected = (expected: ExpectedVersion): number | null =>
  expected === "any" ? null : expected === "no_stream" ? 0 : expected;

export const APPEND_SQL = `select * from registre_append($1::uuid, $2, $3::bigint, $4::uuid,
  $5::text[], $6::integer[], $7::text[], $8::text[])`;

export const APPEND_COUNTED_SQL = `select * from registre_append_counted($1::uuid, $2, $3::bigint, $4::uuid,
  $5::text[], $6::bigint[], $7::text[], $8::bigint[], $9::bigint[], $10::text[], $11::integer[], $12::text[], $13::text[])`;

export const APPEND_MANY_SQL = `select * from registre_append_many($1::uuid, $2::text[], $3::bigint[], $4::uuid[],
  $5::integer[], $6::text[], $7::integer[], $8::text[], $9::text[])`;

export const APPEND_MANY_COUNTED_SQL = `select * from registre_append_many_counted($1::uuid, $2::uuid, $3::text[],
  $4::bigint[], $5::text[], $6::bigint[], $7::bigint[], $8::text[], $9::text[], $10::integer[], $11::text[],
  $12::bigint[], $13::uuid[], $14::integer[], $15::text[], $16::integer[], $17::text[], $18::text[])`;
