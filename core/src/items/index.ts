export * from "./bulk.ts";
export * from "./decide.ts";
export * from "./item.ts";
export * from "./prices.ts";
export * from "./reference.ts";
