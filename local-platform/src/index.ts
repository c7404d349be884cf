/**
 * The local approved platform: a test double of the outside world (an approved platform speaking the
 * AFNOR XP Z12-013 Flow and Directory services), for the tests and the demo. Registre never imports it:
 * it talks to it over HTTP, as to any platform.
 */
export type { AccountInput, Admin, AdminFlow, DirectoryInput, WebhookInput } from "./admin.ts";
export { type LifecycleMessage, lifecycleXml, type PlatformStatus } from "./lifecycle.ts";
export type { Faults, Flow, ReasonCode } from "./model.ts";
export { type LocalPlatform, type LocalPlatformOptions, startLocalPlatform } from "./server.ts";
export { webhookSignature } from "./webhooks.ts";
