import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { getPriority } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bytesOf,
  CAMT_CLOSE,
  CAMT_OPEN,
  CII_CLOSE,
  CII_OPEN,
  contactsCsv,
  deepXml,
  deflateBombPdf,
  fecLines,
  hugePng,
  manyElementsCii,
  manyEntriesCamt,
  unknownText,
} from "../../api/src/testing/hostile-files.ts";
import { parseUploadLimits, WORKER_NICENESS } from "../../api/src/uploads/limits.ts";
import { databaseKinds } from "../support/databases.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { expectResponsive, type Meanwhile, meanwhile, organisationOn, upload } from "./support.ts";

const MB = 1024 * 1024;
const IBAN = "FR7630006000011234567890189";

/**
 * Issue 21: one organisation's hostile file never stalls the server. Each file is refused with its
 * stable code while `/api/health` and another organisation's read keep answering (the server's
 * event loop never held: RESPONSIVE_MS), and the refusal changes nothing.
 */
describe.each(databaseKinds)("hostile uploads on %s", (kind) => {
  let server: TestServer;
  let a: { token: string; orgId: string };
  let b: { token: string; orgId: string };
  let bankId: string;
  let during: Meanwhile;

  beforeAll(async () => {
    server = await startTestServer(kind, { dataDir: true });
    [a, b] = await Promise.all([organisationOn(server.url, "Alice"), organisationOn(server.url, "Bruno")]);
    bankId = (
      await (
        await upload(server.url, "POST", "/banks", a.token, { json: { name: "Banque A", iban: IBAN } })
      ).json()
    ).id;
    during = meanwhile(server.url, b.token);
    // The first file waits for no thread to load.
    await upload(server.url, "POST", "/contacts/import?dryRun=true", a.token, { bytes: contactsCsv(2) });
  });
  afterAll(() => server?.close());

  const refused = async (
    path: string,
    body: Uint8Array<ArrayBuffer>,
    status: number,
    codes: readonly string[],
  ): Promise<void> => {
    const { result, ...stall } = await during(() =>
      upload(server.url, "POST", path, a.token, { bytes: body }),
    );
    const answer = await result.json();
    expect({ status: result.status, code: answer.code }).toEqual({
      status,
      code: expect.toBeOneOf([...codes]),
    });
    expect(result.headers.get("content-type")).toContain("application/problem+json");
    expectResponsive(stall);
  };

  it("a Factur-X PDF whose XML is a deflate bomb (64 MB in 65 KB): refused before it is inflated", async () => {
    const bomb = await deflateBombPdf(64 * MB);
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    await refused("/docs/import?dryRun=true", bomb, 422, ["upload.inflateRatio", "upload.inflatedTooLarge"]);
    await refused("/docs/import", bomb, 422, ["upload.inflateRatio", "upload.inflatedTooLarge"]);
    const drafts = await (await upload(server.url, "GET", "/docs?direction=purchases", a.token)).json();
    expect(drafts.items).toHaveLength(0);
  });

  it("a supplier's XML nested 100,000 deep, or of 250,000 elements, in CII and UBL: refused by its shape", async () => {
    await refused("/docs/import?dryRun=true", deepXml(CII_OPEN, CII_CLOSE, 100_000), 422, [
      "upload.xmlTooDeep",
    ]);
    await refused(
      "/docs/import?dryRun=true",
      deepXml(
        '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">',
        "</Invoice>",
        100_000,
      ),
      422,
      ["upload.xmlTooDeep"],
    );
    await refused("/docs/import?dryRun=true", manyElementsCii(250_000), 422, ["upload.xmlTooManyElements"]);
  });

  it("a statement nested 100,000 deep, and a CAMT.053 of 60,000 entries: refused by their shape and count", async () => {
    await refused(`/banks/statements/import?bankId=${bankId}`, deepXml(CAMT_OPEN, CAMT_CLOSE, 100_000), 422, [
      "upload.xmlTooDeep",
    ]);
    await refused(`/banks/statements/import?bankId=${bankId}`, manyEntriesCamt(IBAN, 60_000), 422, [
      "upload.tooManyLines",
    ]);
    const statements = await (
      await upload(server.url, "GET", `/banks/statements?bankId=${bankId}`, a.token)
    ).json();
    expect(statements.items).toHaveLength(0);
  });

  it("a 45 MB text sent as a statement: 413 at once; 19 MB of it: the CSV step from its first lines", async () => {
    await refused(`/banks/statements/import?bankId=${bankId}`, unknownText(45 * MB), 413, [
      "upload.tooLarge",
    ]);
    const text = unknownText(19 * MB);
    const { result, ...stall } = await during(() =>
      upload(server.url, "POST", `/banks/statements/import?bankId=${bankId}`, a.token, { bytes: text }),
    );
    expect(result.status).toBe(200);
    const report = await result.json();
    expect(report.csv.sample).toHaveLength(20);
    expectResponsive(stall);
  });

  it("a contacts CSV of 200,000 lines (dry run): refused by its line count, nothing read", async () => {
    await refused("/contacts/import?dryRun=true", contactsCsv(200_000), 422, ["upload.tooManyLines"]);
    await refused("/items/import?dryRun=true", contactsCsv(60_000), 422, ["upload.tooManyLines"]);
  });

  it("a PNG that says 100,000 × 100,000 pixels in a few KB: refused before it is decoded", async () => {
    const png = hugePng(100_000, 100_000);
    const form = new FormData();
    form.append("file", new Blob([png], { type: "image/png" }), "logo.png");
    const { result, ...stall } = await during(() =>
      upload(server.url, "POST", "/org/logo", a.token, { form }),
    );
    expect(result.status).toBe(422);
    expect((await result.json()).code).toBe("upload.imageTooLarge");
    expectResponsive(stall);
  });

  it("without a token, eight 49 MB uploads at once: 401 before their bodies are read", async () => {
    const rss = process.memoryUsage().rss;
    const { result, ...stall } = await during(() =>
      Promise.all(
        Array.from({ length: 8 }, () =>
          streamed(server.url, "/api/banks/statements/import", 49 * MB, undefined),
        ),
      ),
    );
    for (const answer of result) {
      expect(answer.status).toBe(401);
      // The server closed the connection behind its answer: a fraction of the body went out.
      expect(answer.sent).toBeLessThan(8 * MB);
    }
    expectResponsive(stall);
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * MB);
  });

  it("sixteen 63 MB bodies to the sign-in: 413 on their declared length; an upload past its kind's limit too", async () => {
    const { result, ...stall } = await during(() =>
      Promise.all(
        Array.from({ length: 16 }, () =>
          streamed(server.url, "/api/login", 63 * MB, undefined, "application/json"),
        ),
      ),
    );
    for (const answer of result) {
      expect(answer.status).toBe(413);
      expect(answer.sent).toBeLessThan(8 * MB);
      // Closed behind the answer: what was on its way is not read and thrown away on the event loop.
      expect(answer.connection).toBe("close");
    }
    expectResponsive(stall);
    const attachment = await streamed(server.url, "/api/contacts/import", 51 * MB, a.token);
    expect(attachment.status).toBe(413);
    expect(attachment.body.code).toBe("upload.tooLarge");
    expect(attachment.body.detail).toBe(
      "Fichier trop volumineux pour un import de contacts : 50 Mo au plus.",
    );
  });
});

/** Limits and budgets set low, to reach each one with small files. */
describe.each(databaseKinds)("upload budgets and fair share on %s", (kind) => {
  let server: TestServer;
  let a: { token: string; orgId: string };
  let b: { token: string; orgId: string };
  let during: Meanwhile;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      dataDir: true,
      env: {
        // 64 MB and 1 s: a 99,000-line contacts file takes more than a second to read with so little
        // memory (more on a busy machine), and a 12 MB one of long notes more than 64 MB.
        workBudget: { threads: 2, memoryMb: 64, timeMs: 1_000, perOrganisation: 1, queue: 8 },
      },
    });
    [a, b] = await Promise.all([organisationOn(server.url, "Alice"), organisationOn(server.url, "Bruno")]);
    during = meanwhile(server.url, b.token);
    await upload(server.url, "POST", "/contacts/import?dryRun=true", a.token, { bytes: contactsCsv(2) });
  });
  afterAll(() => server?.close());

  it("a file over its time budget is refused and its thread replaced; the next file is read", async () => {
    const file = contactsCsv(99_000);
    const { result, ...stall } = await during(() =>
      upload(server.url, "POST", "/contacts/import?dryRun=true", a.token, { bytes: file }),
    );
    expect(result.status).toBe(422);
    const problem = await result.json();
    expect(problem.code).toBe("upload.timeBudget");
    expect(problem.detail).toBe("Fichier refusé : sa lecture a dépassé 1 s.");
    expectResponsive(stall);
    const next = await upload(server.url, "POST", "/contacts/import?dryRun=true", a.token, {
      bytes: contactsCsv(3),
    });
    expect(next.status).toBe(200);
  });

  it("a file over its memory budget is refused and its thread replaced; the next file is read", async () => {
    const wide = bytesOf(`Raison sociale;Notes\n${`Societe;${"n".repeat(40_000)}\n`.repeat(300)}`);
    const { result, ...stall } = await during(() =>
      upload(server.url, "POST", "/contacts/import?dryRun=true", a.token, { bytes: wide }),
    );
    expect({ status: result.status, code: (await result.json()).code }).toEqual({
      status: 422,
      code: expect.toBeOneOf(["upload.memoryBudget", "upload.timeBudget"]),
    });
    expectResponsive(stall);
    const next = await upload(server.url, "POST", "/contacts/import?dryRun=true", a.token, {
      bytes: contactsCsv(3),
    });
    expect(next.status).toBe(200);
  });

  it("one organisation's second file at once waits its turn (429 with Retry-After); another's goes on", async () => {
    const file = contactsCsv(30_000);
    const slow = upload(server.url, "POST", "/contacts/import?dryRun=true", a.token, { bytes: file });
    // Its place taken at the door (held until it is answered, a second or more for 30,000 lines).
    while (server.ctx.work.stats().admitted === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await upload(server.url, "POST", "/contacts/import?dryRun=true", a.token, {
      bytes: contactsCsv(3),
    });
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("5");
    expect((await second.json()).code).toBe("upload.busy");
    const other = await upload(server.url, "POST", "/contacts/import?dryRun=true", b.token, {
      bytes: contactsCsv(3),
    });
    expect(other.status).toBe(200);
    await slow;
    const again = await upload(server.url, "POST", "/contacts/import?dryRun=true", a.token, {
      bytes: contactsCsv(3),
    });
    expect(again.status).toBe(200);
  });

  it.runIf(process.platform === "linux")(
    "the threads that read files yield the processor to the loop that answers requests (nice 10)",
    async () => {
      // The thread that read the last file stays a minute; read one now so that it is surely here.
      await upload(server.url, "POST", "/contacts/import?dryRun=true", a.token, { bytes: contactsCsv(2) });
      const niceness = (tid: string) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
      };
      const threads = readdirSync("/proc/self/task").flatMap((tid) => {
        try {
          return [{ tid, nice: niceness(tid) }];
        } catch {
          return []; // a thread that ended meanwhile
        }
      });
      expect(threads.filter((t) => t.nice === WORKER_NICENESS).length).toBeGreaterThan(0);
      expect(threads.find((t) => t.tid === String(process.pid))?.nice).toBe(getPriority());
    },
  );

  it("a FEC of more lines than its kind allows is refused before it is parsed", async () => {
    const tight = await startTestServer(kind, { env: { uploadLimits: parseUploadLimits("fec.lines=1000") } });
    try {
      const owner = await organisationOn(tight.url, "Chloe");
      const answer = await upload(tight.url, "POST", "/accounting/entries/import?name=FEC.txt", owner.token, {
        bytes: fecLines(1_001),
      });
      const problem = await answer.json();
      expect({ status: answer.status, code: problem.code, params: problem.params }).toEqual({
        status: 422,
        code: "upload.tooManyLines",
        params: { limit: 1000, value: 1001, field: "file" },
      });
    } finally {
      await tight.close();
    }
  });
});

/**
 * A POST of `size` bytes sent chunk by chunk as the socket takes them (never held whole by the test),
 * until the server answers or closes: the answer, and how many bytes went out.
 */
const streamed = (
  base: string,
  path: string,
  size: number,
  token: string | undefined,
  type = "application/octet-stream",
): Promise<{
  status: number;
  sent: number;
  connection: string | undefined;
  body: { code?: string; detail?: string };
}> =>
  new Promise((resolve, reject) => {
    const url = new URL(path, base);
    let sent = 0;
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          "content-type": type,
          "content-length": String(size),
          ...(token && { authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            sent,
            connection: res.headers.connection,
            body: JSON.parse(Buffer.concat(chunks).toString() || "{}"),
          }),
        );
      },
    );
    req.on("error", (error) => {
      // The server may close while the body still goes out: the answer came first, or it did not.
      if (!answered) reject(error);
    });
    const piece = Buffer.alloc(256 * 1024, 0x41);
    const pump = () => {
      while (!answered && sent < size) {
        const n = Math.min(piece.length, size - sent);
        sent += n;
        if (!req.write(piece.subarray(0, n))) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
