import type { DomainEvent } from "../decider.ts";
import { type Decider, DomainError } from "../decider.ts";
import { type AccountItemKind, type AccountItemValue, normaliseAccountItem } from "./account-items.ts";

/** Users are platform-wide: their streams live in the platform pseudo-organisation. */
export const PLATFORM_ORG = "00000000-0000-0000-0000-000000000000";
export const userStreamId = (userId: string): string => `user-${userId}`;

export type UserRegistered = DomainEvent<
  "UserRegistered",
  { readonly userId: string; readonly email: string; readonly name: string }
>;
export type UserRenamed = DomainEvent<"UserRenamed", { readonly name: string }>;
type ItemRef = { readonly kind: AccountItemKind; readonly itemId: string };
export type AccountItemAdded = DomainEvent<
  "AccountItemAdded",
  ItemRef & { readonly value: AccountItemValue }
>;
export type AccountItemChanged = DomainEvent<
  "AccountItemChanged",
  ItemRef & { readonly value: AccountItemValue }
>;
export type AccountItemRemoved = DomainEvent<"AccountItemRemoved", ItemRef>;
/** The platform administrator closed the account: its sign-in removed, its organisations left; its history kept. */
export type UserClosed = DomainEvent<"UserClosed", { readonly email: string }>;
export type UserEvent =
  | UserClosed
  | UserRegistered
  | UserRenamed
  | AccountItemAdded
  | AccountItemChanged
  | AccountItemRemoved;

export type AccountItems = Readonly<Record<AccountItemKind, Readonly<Record<string, AccountItemValue>>>>;
const noItems: AccountItems = { phones: {}, emails: {}, addresses: {}, legal: {} };

export type UserState =
  | { readonly status: "none" }
  | {
      readonly status: "active";
      readonly userId: string;
      readonly email: string;
      readonly name: string;
      readonly items: AccountItems;
      readonly closed?: boolean;
    };

export type RegisterUser = {
  readonly type: "RegisterUser";
  readonly data: { readonly userId: string; readonly email: string; readonly name: string };
};
export type RenameUser = { readonly type: "RenameUser"; readonly data: { readonly name: string } };
export type AddAccountItem = {
  readonly type: "AddAccountItem";
  readonly data: {
    readonly kind: AccountItemKind;
    readonly itemId: string;
    readonly value: Record<string, unknown>;
  };
};
export type ChangeAccountItem = {
  readonly type: "ChangeAccountItem";
  readonly data: {
    readonly kind: AccountItemKind;
    readonly itemId: string;
    readonly value: Record<string, unknown>;
  };
};
export type RemoveAccountItem = {
  readonly type: "RemoveAccountItem";
  readonly data: { readonly kind: AccountItemKind; readonly itemId: string };
};
export type CloseUser = { readonly type: "CloseUser"; readonly data: Record<string, never> };
export type UserCommand =
  | CloseUser
  | RegisterUser
  | RenameUser
  | AddAccountItem
  | ChangeAccountItem
  | RemoveAccountItem;

const withItem = (
  items: AccountItems,
  kind: AccountItemKind,
  itemId: string,
  value: AccountItemValue | null,
) => {
  const { [itemId]: _, ...rest } = items[kind];
  return { ...items, [kind]: value ? { ...rest, [itemId]: value } : rest };
};

/** "Duplicate email": one address appears once among a user's e-mails. */
const checkDuplicate = (
  items: AccountItems,
  kind: AccountItemKind,
  itemId: string,
  value: AccountItemValue,
) => {
  if (kind !== "emails") return;
  const taken = Object.entries(items.emails).some(([id, v]) => id !== itemId && v.email === value.email);
  if (taken) throw new DomainError("account.duplicateEmail", {}, 409);
};

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const normaliseName = (name: string): string => {
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (trimmed.length === 0) throw new DomainError("user.nameRequired");
  if (trimmed.length > 200) throw new DomainError("user.nameTooLong", { max: 200 });
  return trimmed;
};

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ status: "none" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "UserRegistered":
        return { status: "active", items: noItems, ...event.data };
      case "UserRenamed":
        return state.status === "active" ? { ...state, name: event.data.name } : state;
      case "UserClosed":
        return state.status === "active" ? { ...state, closed: true } : state;
      case "AccountItemAdded":
      case "AccountItemChanged":
        return state.status === "active"
          ? { ...state, items: withItem(state.items, event.data.kind, event.data.itemId, event.data.value) }
          : state;
      case "AccountItemRemoved":
        return state.status === "active"
          ? { ...state, items: withItem(state.items, event.data.kind, event.data.itemId, null) }
          : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide: (command, state) => {
    if (state.status === "active" && state.closed) throw new DomainError("user.notFound", {}, 404);
    switch (command.type) {
      case "CloseUser":
        if (state.status !== "active") throw new DomainError("user.notFound", {}, 404);
        return [{ type: "UserClosed", data: { email: state.email } }];
      case "RegisterUser":
        if (state.status !== "none") throw new DomainError("identity.emailUsed", {}, 409);
        return [
          {
            type: "UserRegistered",
            data: {
              userId: command.data.userId,
              email: normaliseEmail(command.data.email),
              name: normaliseName(command.data.name),
            },
          },
        ];
      case "RenameUser": {
        if (state.status !== "active") throw new DomainError("user.notFound", {}, 404);
        const name = normaliseName(command.data.name);
        return name === state.name ? [] : [{ type: "UserRenamed", data: { name } }];
      }
      case "AddAccountItem": {
        if (state.status !== "active") throw new DomainError("user.notFound", {}, 404);
        const { kind, itemId } = command.data;
        const value = normaliseAccountItem(kind, command.data.value);
        checkDuplicate(state.items, kind, itemId, value);
        return [{ type: "AccountItemAdded", data: { kind, itemId, value } }];
      }
      case "ChangeAccountItem": {
        if (state.status !== "active") throw new DomainError("user.notFound", {}, 404);
        const { kind, itemId } = command.data;
        const current = state.items[kind][itemId];
        if (!current) throw new DomainError("http.notFound", {}, 404);
        const value = normaliseAccountItem(kind, command.data.value);
        checkDuplicate(state.items, kind, itemId, value);
        if (JSON.stringify(value) === JSON.stringify(current)) return [];
        return [{ type: "AccountItemChanged", data: { kind, itemId, value } }];
      }
      case "RemoveAccountItem": {
        if (state.status !== "active") throw new DomainError("user.notFound", {}, 404);
        const { kind, itemId } = command.data;
        if (!state.items[kind][itemId]) throw new DomainError("http.notFound", {}, 404);
        return [{ type: "AccountItemRemoved", data: { kind, itemId } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
