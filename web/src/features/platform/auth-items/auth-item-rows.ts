import type { Right } from "../../org/rights.ts";

/** A row of the authorization items list: a built-in profile, or one of the organisation's own roles. */
export type AuthItemRow = {
  key: string;
  kind: "profile" | "role";
  /** The profile's code (`owner`, `accountant`) or the role's name. */
  name: string;
  /** Its children: the rights it grants, codes without any bit left out. */
  rights: Right[];
  /** How many members hold the role (a profile: 0, not counted here). */
  holders: number;
};

/**
 * The profiles first (in the API's order), then the roles by name; each with only the rights that grant
 * something. `assignments` counts each role's holders.
 */
export const authItemRows = (
  profiles: readonly { profile: string; rights: readonly Right[] }[],
  items: readonly { id: string; name: string; rights: readonly Right[] }[],
  assignments: readonly { itemId: string }[] = [],
): AuthItemRow[] => {
  const granting = (rights: readonly Right[]) => rights.filter((right) => right.r !== 0);
  return [
    ...profiles.map((p) => ({
      key: `profile:${p.profile}`,
      kind: "profile" as const,
      name: p.profile,
      rights: granting(p.rights),
      holders: 0,
    })),
    ...[...items]
      .sort((a, b) => a.name.localeCompare(b.name, "fr"))
      .map((item) => ({
        key: `role:${item.id}`,
        kind: "role" as const,
        name: item.name,
        rights: granting(item.rights),
        holders: assignments.filter((a) => a.itemId === item.id).length,
      })),
  ];
};
