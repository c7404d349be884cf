import { randomUUID } from "node:crypto";
import { canonicalJson } from "@registre/core";
import { pacer } from "./pace.ts";

/** The longest event text made a template (longer ones take the transaction: see `templateParts`). */
const MAX_TEMPLATED_TEXT = 16_384;

type Numbers = Readonly<Record<string, number>>;

/** The parts of a command as the store appends them (`StreamAppend`, its events' data as text). */
export type EncodedPart = {
  readonly streamId: string;
  readonly expected: unknown;
  readonly events: readonly { readonly type: string; readonly data: string }[];
};

/**
 * Events whose data is written with the numbers a command takes, as templates: each place a number
 * goes is a token, to be replaced by the server with the counter's first value, padded to its width
 * (`registre_append_many_counted`).
 */
export type Templated = {
  readonly parts: readonly EncodedPart[];
  readonly tokens: readonly string[];
  readonly counters: readonly string[];
  readonly widths: readonly number[];
};

// Probe values: 15 digits, more than any padding prints, so each occurrence of a number is found whole.
const PROBE = 731_592_648_201_300;
const pad = (value: number, width: number) => String(value).padStart(width, "0");

/**
 * The widths of the numbers between `segments` when `text` is them with the number 1 padded in each
 * place (`0*1`), or null when it is not: what `^seg0(0*1)seg1…(0*1)segN$` would match, read in one pass
 * (a place's match is unique: its zeros, then the 1), without compiling a pattern of the event's text.
 */
export const widthsOfOnes = (segments: readonly string[], text: string): number[] | null => {
  const first = segments[0] ?? "";
  if (!text.startsWith(first)) return null;
  let at = first.length;
  const widths: number[] = [];
  for (let j = 1; j < segments.length; j++) {
    let end = at;
    while (text.charCodeAt(end) === 48) end++;
    if (text.charCodeAt(end) !== 49) return null;
    end++;
    widths.push(end - at);
    const segment = segments[j] ?? "";
    if (!text.startsWith(segment, end)) return null;
    at = end + segment.length;
  }
  return at === text.length ? widths : null;
};

/**
 * The templates of `build`'s parts, or null when the numbers do not enter them as printed numbers (a
 * decision that depends on them otherwise, or throws at a probe): the caller then takes the numbers
 * first and builds the events from them. Found by deciding three times — at probe values (where each
 * number is, and of which counter), at 1 (how many digits each place pads to), at other values (the
 * templates filled must give exactly that decision) — so a template is used only when it reproduces
 * the decision.
 */
export const templateParts = async (
  names: readonly string[],
  build: (numbers: Numbers) => readonly EncodedPart[] | Promise<readonly EncodedPart[]>,
): Promise<Templated | null> => {
  const values = (f: (k: number) => number): Numbers => Object.fromEntries(names.map((n, k) => [n, f(k)]));
  const probe = values((k) => PROBE + k);
  const check = values((k) => 7 + 13 * k);
  let probed: readonly EncodedPart[];
  let ones: readonly EncodedPart[];
  let checked: readonly EncodedPart[];
  try {
    probed = await build(probe);
    ones = await build(values(() => 1));
    checked = await build(check);
  } catch {
    return null;
  }
  const shape = (parts: readonly EncodedPart[]) =>
    canonicalJson(parts.map((p) => [p.streamId, p.expected, p.events.map((e) => e.type)]));
  if (shape(probed) !== shape(ones) || shape(probed) !== shape(checked)) return null;
  const nonce = randomUUID().replace(/-/g, "");
  const tokens: string[] = [];
  const counters: string[] = [];
  const widths: number[] = [];
  const finder = new RegExp(names.map((n) => String(probe[n])).join("|"), "g");
  const counterOf = new Map(names.map((n) => [String(probe[n]), n]));
  const parts: EncodedPart[] = [];
  // Paced: thousands of events (a FEC's batch) are searched for their numbers.
  const pace = pacer();
  for (const [p, part] of probed.entries()) {
    const events = [];
    for (const [e, event] of part.events.entries()) {
      await pace();
      const one = ones[p]?.events[e]?.data ?? "";
      const other = checked[p]?.events[e]?.data ?? "";
      const segments = event.data.split(finder);
      const found = (event.data.match(finder) ?? []).map((digits) => counterOf.get(digits) ?? "");
      if (found.length === 0) {
        if (one !== event.data || other !== event.data) return null;
        events.push(event);
        continue;
      }
      // Each place pads the number 1 to its width: zeros, then the 1. An event too large for one
      // template (an imported entry of thousands of lines) is appended in the transaction instead.
      if (one.length > MAX_TEMPLATED_TEXT) return null;
      const padded = widthsOfOnes(segments, one);
      if (!padded) return null;
      let text = segments[0] ?? "";
      let filled = segments[0] ?? "";
      for (const [j, counter] of found.entries()) {
        const width = padded[j] ?? 1;
        const token = `#${nonce}.${tokens.length}#`;
        tokens.push(token);
        counters.push(counter);
        widths.push(width);
        text += token + (segments[j + 1] ?? "");
        filled += pad(check[counter] ?? 0, width) + (segments[j + 1] ?? "");
      }
      if (filled !== other) return null;
      events.push({ type: event.type, data: text });
    }
    parts.push({ streamId: part.streamId, expected: part.expected, events });
  }
  return { parts, tokens, counters, widths };
};
