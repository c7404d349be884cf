import { connect, createServer, type Socket } from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that counts what clients send: each simple query ('Q') and each
 * extended-protocol Sync ('S', which ends one Parse/Bind/Execute round) is one round trip to the
 * database. The load benchmark's profile routes a server through it to count round trips per request.
 * Statements a client pipelines (sends before the answers of the previous ones came back) are each a
 * round trip there; `waits` counts the times a client waited instead: what it sent after the server
 * last answered it, in one go.
 */
export type WireCounter = {
  readonly port: number;
  /** Round trips since the last reset. */
  readonly roundTrips: () => number;
  /** Times a client sent statements and waited for their answers (pipelined ones: one wait). */
  readonly waits: () => number;
  /** Statements run since the last reset, by their text (prepared ones found again by name), most run first. */
  readonly statements: () => [string, number][];
  readonly reset: () => void;
  readonly close: () => Promise<void>;
};

export const startWireCounter = async (target: { host: string; port: number }): Promise<WireCounter> => {
  let trips = 0;
  let waits = 0;
  const tally = new Map<string, number>();
  const count = (text: string) => tally.set(text, (tally.get(text) ?? 0) + 1);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    let buffered: Buffer = Buffer.alloc(0);
    let started = false;
    // Whether the server answered this client since its last statements: the next ones are a new wait.
    let answered = true;
    const prepared = new Map<string, string>();
    const cstring = (from: number): [string, number] => {
      const end = buffered.indexOf(0, from);
      return [buffered.toString("utf8", from, end), end + 1];
    };
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      for (;;) {
        // The startup message (and an SSL request) has no type byte: a length, then the payload.
        if (!started) {
          if (buffered.length < 8) break;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) break;
          const code = buffered.readInt32BE(4);
          buffered = buffered.subarray(length);
          if (code !== 80877103) started = true; // 80877103: SSLRequest, answered before the startup
          continue;
        }
        if (buffered.length < 5) break;
        const length = buffered.readInt32BE(1);
        if (buffered.length < 1 + length) break;
        const type = String.fromCharCode(buffered[0] ?? 0);
        if (type === "Q" || type === "S") {
          trips++;
          if (answered) waits++;
          answered = false;
        }
        if (type === "Q") count(cstring(5)[0]);
        if (type === "P") {
          const [name, next] = cstring(5);
          prepared.set(name, cstring(next)[0]);
        }
        if (type === "B") {
          const [, next] = cstring(5);
          count(prepared.get(cstring(next)[0]) ?? "?");
        }
        buffered = buffered.subarray(1 + length);
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      answered = true;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the counting proxy has no port");
  return {
    port: address.port,
    roundTrips: () => trips,
    waits: () => waits,
    statements: () => [...tally.entries()].sort((a, b) => b[1] - a[1]),
    reset: () => {
      trips = 0;
      waits = 0;
      tally.clear();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
