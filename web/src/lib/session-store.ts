import { useSyncExternalStore } from "react";
import { anonymous, type KeyValueStore, loadSession, type Session, saveSession } from "./session.ts";

/** The browser's local storage, or an in-memory stand-in where it is unavailable. */
const memory = new Map<string, string>();
const fallbackStore: KeyValueStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

/** Where the web app keeps what outlives a page: local storage, or memory where it is unavailable. */
export const store = (): KeyValueStore => {
  try {
    return window.localStorage;
  } catch {
    return fallbackStore;
  }
};

let current: Session | null = null;
const listeners = new Set<() => void>();

export const getSession = (): Session => {
  if (current === null) current = typeof window === "undefined" ? anonymous : loadSession(store());
  return current;
};

export const setSession = (session: Session): void => {
  current = session;
  try {
    saveSession(store(), session);
  } catch {
    // Quota or private browsing: the session then lasts as long as the page.
  }
  for (const listener of listeners) listener();
};

export const clearSession = (): void => setSession(anonymous);

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

if (typeof window !== "undefined") {
  // Another tab logged in or out.
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === "token" || event.key === "user" || event.key === "orgs") {
      current = loadSession(store());
      for (const listener of listeners) listener();
    }
  });
}

export const useSession = (): Session => useSyncExternalStore(subscribe, getSession, getSession);
