import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { ALL_RIGHTS, type Right, resourceCodes } from "./rights.ts";

/**
 * An organisation's authorization items (custom roles: a name and rights per resource code) and
 * their assignments to members. Effective rights = the member's profile rights ∪ their items' rights.
 */
export const authorizationStreamId = (orgId: string): string => `authorization-${orgId}`;

type ItemData = { readonly itemId: string; readonly name: string; readonly rights: readonly Right[] };
type AssignmentData = { readonly assignmentId: string; readonly itemId: string; readonly userId: string };

export type AuthorizationEvent =
  | DomainEvent<"AuthItemCreated", ItemData>
  | DomainEvent<"AuthItemChanged", ItemData>
  | DomainEvent<"AuthItemDeleted", { readonly itemId: string }>
  | DomainEvent<"AuthAssignmentCreated", AssignmentData>
  | DomainEvent<"AuthAssignmentChanged", AssignmentData>
  | DomainEvent<"AuthAssignmentDeleted", { readonly assignmentId: string }>;

export type AuthorizationCommand =
  | { readonly type: "CreateAuthItem"; readonly data: ItemData }
  | {
      readonly type: "ChangeAuthItem";
      readonly data: { readonly itemId: string; readonly name?: string; readonly rights?: readonly Right[] };
    }
  | { readonly type: "DeleteAuthItem"; readonly data: { readonly itemId: string } }
  | { readonly type: "Assign"; readonly data: AssignmentData }
  | {
      readonly type: "ChangeAssignment";
      readonly data: { readonly assignmentId: string; readonly itemId: string };
    }
  | { readonly type: "Unassign"; readonly data: { readonly assignmentId: string } };

export type AuthorizationState = {
  readonly items: Readonly<Record<string, ItemData>>;
  readonly assignments: Readonly<Record<string, AssignmentData>>;
};

const grantable = new Set<string>(resourceCodes.filter((c) => !c.startsWith("admin.")));

const checkName = (name: string, state: AuthorizationState, itemId: string): string => {
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (trimmed.length === 0) throw new DomainError("validation.required", { field: "name" });
  if (trimmed.length > 100) throw new DomainError("validation.tooLong", { field: "name", max: 100 });
  const taken = Object.values(state.items).some(
    (i) => i.itemId !== itemId && i.name.toLowerCase() === trimmed.toLowerCase(),
  );
  if (taken) throw new DomainError("auth.duplicateCode", { name: trimmed }, 409);
  return trimmed;
};

/** Known, grantable codes only (platform administration never is), bits among 2|4|8|16, one entry per code. */
const checkRights = (rights: readonly Right[]): Right[] => {
  const merged = new Map<string, number>();
  for (const { c, r } of rights) {
    if (!grantable.has(c)) throw new DomainError("auth.unknownCode", { code: c });
    if (!Number.isInteger(r) || (r & ~ALL_RIGHTS) !== 0)
      throw new DomainError("auth.invalidBits", { code: c, bits: r });
    merged.set(c, (merged.get(c) ?? 0) | r);
  }
  return [...merged]
    .filter(([, r]) => r !== 0)
    .map(([c, r]) => ({ c, r }))
    .sort((a, b) => a.c.localeCompare(b.c));
};

const item = (state: AuthorizationState, itemId: string): ItemData => {
  const found = state.items[itemId];
  if (!found) throw new DomainError("auth.itemNotFound", {}, 404);
  return found;
};

export const authorizationDecider: Decider<AuthorizationCommand, AuthorizationEvent, AuthorizationState> = {
  initialState: () => ({ items: {}, assignments: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case "AuthItemCreated":
      case "AuthItemChanged":
        return { ...state, items: { ...state.items, [event.data.itemId]: event.data } };
      case "AuthItemDeleted": {
        const { [event.data.itemId]: _, ...items } = state.items;
        return { ...state, items };
      }
      case "AuthAssignmentCreated":
      case "AuthAssignmentChanged":
        return { ...state, assignments: { ...state.assignments, [event.data.assignmentId]: event.data } };
      case "AuthAssignmentDeleted": {
        const { [event.data.assignmentId]: _, ...assignments } = state.assignments;
        return { ...state, assignments };
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "CreateAuthItem": {
        const { itemId } = command.data;
        if (state.items[itemId])
          throw new DomainError("auth.duplicateCode", { name: command.data.name }, 409);
        const name = checkName(command.data.name, state, itemId);
        return [
          { type: "AuthItemCreated", data: { itemId, name, rights: checkRights(command.data.rights) } },
        ];
      }
      case "ChangeAuthItem": {
        const current = item(state, command.data.itemId);
        const name =
          command.data.name === undefined
            ? current.name
            : checkName(command.data.name, state, current.itemId);
        const rights = command.data.rights === undefined ? current.rights : checkRights(command.data.rights);
        if (name === current.name && JSON.stringify(rights) === JSON.stringify(current.rights)) return [];
        return [{ type: "AuthItemChanged", data: { itemId: current.itemId, name, rights } }];
      }
      case "DeleteAuthItem": {
        const current = item(state, command.data.itemId);
        if (Object.values(state.assignments).some((a) => a.itemId === current.itemId))
          throw new DomainError("auth.itemAssigned", { name: current.name }, 409);
        return [{ type: "AuthItemDeleted", data: { itemId: current.itemId } }];
      }
      case "Assign": {
        item(state, command.data.itemId);
        const { itemId, userId } = command.data;
        if (Object.values(state.assignments).some((a) => a.itemId === itemId && a.userId === userId))
          throw new DomainError("auth.alreadyAssigned", {}, 409);
        return [{ type: "AuthAssignmentCreated", data: command.data }];
      }
      case "ChangeAssignment": {
        const current = state.assignments[command.data.assignmentId];
        if (!current) throw new DomainError("auth.assignmentNotFound", {}, 404);
        item(state, command.data.itemId);
        if (current.itemId === command.data.itemId) return [];
        return [{ type: "AuthAssignmentChanged", data: { ...current, itemId: command.data.itemId } }];
      }
      case "Unassign": {
        if (!state.assignments[command.data.assignmentId])
          throw new DomainError("auth.assignmentNotFound", {}, 404);
        return [{ type: "AuthAssignmentDeleted", data: command.data }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

/** Bitwise union of rights lists: what a member may do through their profile and their items. */
export const unionRights = (...lists: readonly (readonly Right[])[]): Right[] => {
  const merged = new Map<string, number>();
  for (const list of lists) for (const { c, r } of list) merged.set(c, (merged.get(c) ?? 0) | r);
  return [...merged].map(([c, r]) => ({ c, r }));
};
