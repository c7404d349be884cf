export * from "./cdar-codes.ts";
export * from "./cdar-dates.ts";
export * from "./cdar-read.ts";
export * from "./cdar-write.ts";
export * from "./connection.ts";
export * from "./received.ts";
export * from "./sync-checkpoint.ts";
