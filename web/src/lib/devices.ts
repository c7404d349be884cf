import type { KeyValueStore } from "./session.ts";

/**
 * Device tokens: each successful sign-in answers one, and this browser sends it back with its next
 * sign-ins to that account, so that locks meant for strangers (too many failures on the account, or
 * from the network address) never refuse it. Kept per account address under `devices`, across
 * logouts; the most recent few only.
 */
const key = "devices";
const kept = 10;

type Devices = Record<string, string>;

const normalise = (email: string): string => email.trim().toLowerCase();

const read = (store: KeyValueStore): Devices => {
  try {
    const parsed: unknown = JSON.parse(store.getItem(key) ?? "{}");
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return {};
  }
};

/** The token this browser holds for the account, if any. */
export const deviceFor = (store: KeyValueStore, email: string): string | undefined =>
  read(store)[normalise(email)];

/** Keeps the token answered by a sign-in, as the account's most recent. */
export const keepDevice = (store: KeyValueStore, email: string, token: string): void => {
  const address = normalise(email);
  const { [address]: _, ...others } = read(store);
  const entries = [...Object.entries(others), [address, token] as const].slice(-kept);
  try {
    store.setItem(key, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Quota or private browsing: this browser simply stays a stranger.
  }
};
