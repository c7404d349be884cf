export * from "./contacts.ts";
export * from "./csv-file.ts";
export * from "./items.ts";
export * from "./mapping.ts";
