export * from "./history-notes.ts";
export * from "./preferences.ts";
export * from "./settings.ts";
