export * from "./app.ts";
export * from "./bootstrap.ts";
export * from "./commands.ts";
export * from "./context.ts";
export * from "./demo.ts";
export * from "./http/messages.ts";
export * from "./http/problem.ts";
export * from "./server.ts";
