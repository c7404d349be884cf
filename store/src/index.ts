export * from "./audit.ts";
export * from "./database.ts";
export * from "./errors.ts";
export * from "./event-store.ts";
export * from "./hash.ts";
export * from "./migrator.ts";
export * from "./schema.ts";
export * from "./upcast.ts";
