export * from "./defaults.ts";
export * from "./email-templates.ts";
export * from "./reminders.ts";
export * from "./template.ts";
