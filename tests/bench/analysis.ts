import type { Diagnosis, Variant } from "./diagnose.ts";
import { percent } from "./report.ts";

const pct = (a: number, b: number) => percent(a / b);
const perSecond = (v: Variant | undefined) => v?.rate?.perSecond;

/**
 * Reads the diagnostics: how far each step from `store.append` towards the plain INSERT gets, against
 * the 40 % target. Positions follow `diagnose`: store.append, prepared 4 statements, 1 round trip,
 * 1 round trip without NOTIFY, raw INSERT.
 */
export const analyse = (diagnoses: readonly Diagnosis[], target = 0.4): string[] =>
  diagnoses.flatMap((d) => {
    const [store, prepared, single, quiet, raw] = d.variants;
    const s = perSecond(store);
    const p = perSecond(prepared);
    const one = perSecond(single);
    const q = perSecond(quiet);
    const r = perSecond(raw);
    if (s === undefined || r === undefined) return [];
    const who = `${d.writers} writer${d.writers === 1 ? "" : "s"}`;
    const reach = (x: number) => (x / r >= target ? "which would meet" : "still short of");
    const parts = [
      `**${who}**: store.append ran at ${Math.round(s)}/s, ${pct(s, r)} of the plain INSERT measured beside it.`,
    ];
    if (p !== undefined) {
      const saved =
        store?.nodeMicros !== undefined && prepared?.nodeMicros !== undefined
          ? ` and ${Math.round(store.nodeMicros - prepared.nodeMicros)} µs of node CPU per command`
          : "";
      parts.push(
        p > s
          ? `The same four statements through postgres.js, prepared, ran at ${Math.round(p)}/s (${pct(p, r)}), so ` +
              "the Kysely path (a connection reserved per transaction, every statement parsed and planned anew) " +
              `keeps store.append at ${pct(s, p)} of that rate${saved}.`
          : `The same four statements through postgres.js, prepared, ran at ${Math.round(p)}/s (${pct(p, r)}), no ` +
              "faster: at this writer count the Kysely layer is not where the time goes.",
      );
    }
    if (one !== undefined) {
      parts.push(
        `Calling registre_append alone as one autocommit statement (no BEGIN, set_config, COMMIT round trips) ran ` +
          `at ${Math.round(one)}/s (${pct(one, r)}), ${reach(one)} the ${(target * 100).toFixed(0)} % target.`,
      );
    }
    if (q !== undefined && one !== undefined) {
      parts.push(
        q > one * 1.1
          ? `The same without its \`pg_notify\` ran at ${Math.round(q)}/s (${pct(q, r)}, ${reach(q)} it): a ` +
              "transaction that notifies takes a cluster-wide lock at pre-commit and holds it until its commit is " +
              "flushed, so notifying commits cannot share a WAL flush (group commit) and queue behind each other."
          : `The same without its \`pg_notify\` ran at ${Math.round(q)}/s (${pct(q, r)}): no faster here, as ` +
              "expected where commits do not queue behind each other's notification lock.",
      );
    }
    if (quiet?.postgresMicros !== undefined && raw?.postgresMicros !== undefined) {
      parts.push(
        `What is left is the function's own work: about ${Math.round(quiet.postgresMicros)} µs of server CPU per ` +
          `command against ${Math.round(raw.postgresMicros)} µs for the plain INSERT: several rows and index ` +
          "entries written per event instead of one (organisation head, stream, event, command) and the hash chain.",
      );
    }
    return [parts.join(" ")];
  });
