export * from "./preferences.ts";
export * from "./seller-mentions.ts";
export * from "./settings.ts";
