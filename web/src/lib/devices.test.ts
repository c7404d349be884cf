import { describe, expect, it } from "vitest";
import { deviceFor, keepDevice } from "./devices.ts";
import type { KeyValueStore } from "./session.ts";

const memoryStore = (): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
};

describe("device tokens kept by the browser", () => {
  it("keeps one token per account address, whatever its case", () => {
    const store = memoryStore();
    expect(deviceFor(store, "marie@example.fr")).toBeUndefined();
    keepDevice(store, " Marie@Example.fr ", "rg_a");
    keepDevice(store, "paul@example.fr", "rg_b");
    expect(deviceFor(store, "marie@example.fr")).toBe("rg_a");
    keepDevice(store, "marie@example.fr", "rg_c");
    expect(deviceFor(store, "MARIE@example.fr")).toBe("rg_c");
    expect(deviceFor(store, "paul@example.fr")).toBe("rg_b");
  });

  it("keeps the ten most recent accounts", () => {
    const store = memoryStore();
    for (let i = 0; i < 12; i++) keepDevice(store, `u${i}@example.fr`, `rg_${i}`);
    expect(deviceFor(store, "u0@example.fr")).toBeUndefined();
    expect(deviceFor(store, "u1@example.fr")).toBeUndefined();
    expect(deviceFor(store, "u2@example.fr")).toBe("rg_2");
    expect(deviceFor(store, "u11@example.fr")).toBe("rg_11");
  });

  it("reads anything malformed as no token", () => {
    const store = memoryStore();
    store.setItem("devices", "not json");
    expect(deviceFor(store, "a@b.fr")).toBeUndefined();
    store.setItem("devices", JSON.stringify({ "a@b.fr": 42 }));
    expect(deviceFor(store, "a@b.fr")).toBeUndefined();
    keepDevice(store, "a@b.fr", "rg_x");
    expect(deviceFor(store, "a@b.fr")).toBe("rg_x");
  });
});
