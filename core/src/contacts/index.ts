export * from "./auxiliary.ts";
export * from "./contact.ts";
export * from "./decide.ts";
export * from "./duplicates.ts";
export * from "./merge.ts";
export * from "./names.ts";
export * from "./records.ts";
export * from "./vcard.ts";
