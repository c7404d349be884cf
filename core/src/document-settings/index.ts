export * from "./preferences.ts";
export * from "./settings.ts";
