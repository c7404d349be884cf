import { cleanText } from "../accounting/text.ts";
import { type Decider, DomainError, type DomainEvent } from "../decider.ts";

/**
 * The reservation of an item reference in an organisation (one stream per normalised reference,
 * `item-reference-<sha256 of the key>`, the shell names it): which item holds it. Written in the same
 * commit as the item's creation, its change of reference and its deletion, so two commands taking one
 * reference at once cannot both be appended — the second conflicts on this stream, is decided again,
 * and is refused `item.duplicateReference`, as the read model's check refuses it.
 */
export type ItemReferenceEvent =
  | DomainEvent<"ItemReferenceClaimed", { readonly item: string; readonly reference: string }>
  | DomainEvent<"ItemReferenceReleased", { readonly item: string }>;

export const itemReferenceEventTypes: readonly ItemReferenceEvent["type"][] = [
  "ItemReferenceClaimed",
  "ItemReferenceReleased",
];

/** The item holding the reference, or null when it is free (never claimed, or released). */
export type ItemReferenceState = { readonly holder: string | null };

export type ItemReferenceCommand =
  /** `reference` as typed (for the refusal's message); claimed again by its holder, nothing happens. */
  | {
      readonly type: "ClaimItemReference";
      readonly data: { readonly item: string; readonly reference: string };
    }
  /** Released only by its holder; by another item (or one created before reservations), nothing happens. */
  | { readonly type: "ReleaseItemReference"; readonly data: { readonly item: string } };

/**
 * What makes two references the same one: the decider's cleaning (spaces), case aside. The shell
 * hashes it into the stream id (PostgreSQL's `lower` on the read model agrees but for rare letters).
 */
export const itemReferenceKey = (reference: string): string => cleanText(reference).toLowerCase();

const decide = (command: ItemReferenceCommand, state: ItemReferenceState): ItemReferenceEvent[] => {
  switch (command.type) {
    case "ClaimItemReference": {
      const { item, reference } = command.data;
      if (state.holder === item) return [];
      if (state.holder !== null)
        throw new DomainError(
          "item.duplicateReference",
          { field: "reference", value: cleanText(reference) },
          409,
        );
      return [{ type: "ItemReferenceClaimed", data: { item, reference: cleanText(reference) } }];
    }
    case "ReleaseItemReference":
      return state.holder === command.data.item
        ? [{ type: "ItemReferenceReleased", data: { item: command.data.item } }]
        : [];
    default:
      return command satisfies never;
  }
};

const evolve = (state: ItemReferenceState, event: ItemReferenceEvent): ItemReferenceState => {
  switch (event.type) {
    case "ItemReferenceClaimed":
      return { holder: event.data.item };
    case "ItemReferenceReleased":
      return state.holder === event.data.item ? { holder: null } : state;
    default:
      return state;
  }
};

export const itemReferenceDecider: Decider<ItemReferenceCommand, ItemReferenceEvent, ItemReferenceState> = {
  decide,
  evolve,
  initialState: () => ({ holder: null }),
};

/**
 * The reservation commands of a change of an item's reference from `before` to `after` (null: none,
 * as for a creation or a deletion), by key: the old one released, the new one claimed. A change of
 * case or spaces only keeps the same reservation (nothing to write).
 */
export const itemReferenceChanges = (
  item: string,
  before: string | null,
  after: string | null,
): { readonly key: string; readonly command: ItemReferenceCommand }[] => {
  const from = before === null ? null : itemReferenceKey(before);
  const to = after === null ? null : itemReferenceKey(after);
  if (from === to) return [];
  return [
    ...(from !== null
      ? [{ key: from, command: { type: "ReleaseItemReference" as const, data: { item } } }]
      : []),
    ...(to !== null && after !== null
      ? [{ key: to, command: { type: "ClaimItemReference" as const, data: { item, reference: after } } }]
      : []),
  ];
};
