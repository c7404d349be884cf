import { resolve } from "node:path";
import { startLocalPlatform } from "./server.ts";

/**
 * `npm run start --workspace @registre/local-platform`: the local approved platform on
 * REGISTRE_LOCAL_PLATFORM_PORT (3100 by default; host REGISTRE_LOCAL_PLATFORM_HOST, 127.0.0.1 by
 * default), its state kept in REGISTRE_LOCAL_PLATFORM_DATA (./data/local-platform.json by default).
 */
const port = Number(process.env.REGISTRE_LOCAL_PLATFORM_PORT ?? 3100);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`REGISTRE_LOCAL_PLATFORM_PORT is not a port: ${process.env.REGISTRE_LOCAL_PLATFORM_PORT}`);
  process.exit(2);
}
const dataFile = resolve(process.env.REGISTRE_LOCAL_PLATFORM_DATA ?? "data/local-platform.json");
const platform = await startLocalPlatform({
  port,
  host: process.env.REGISTRE_LOCAL_PLATFORM_HOST ?? "127.0.0.1",
  dataFile,
  ackDelayMs: 200,
});
console.log(`local approved platform on ${platform.url} (state in ${dataFile})`);
console.log(`  token ${platform.tokenUrl}`);
console.log(`  flows ${platform.flowUrl}, directory ${platform.directoryUrl}, admin ${platform.url}/admin`);

const stop = () => {
  void platform.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
