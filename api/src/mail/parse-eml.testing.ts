/**
 * Test support: a small RFC 5322 / MIME reader, independent of nodemailer, enough to check what the
 * mailer writes: unfolded headers with RFC 2047 words decoded, multipart bodies, quoted-printable
 * and base64 transfer encodings, and the charset of each text part.
 */

export type ParsedMail = {
  /** Header names in lower case; values unfolded and decoded. */
  headers: ReadonlyMap<string, string>;
  text?: string;
  html?: string;
  /** The attached files (a part with a file name), their bytes decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

type Part = { headers: Map<string, string>; body: string };

const splitHeadersAndBody = (raw: string): Part => {
  const end = /\r?\n\r?\n/.exec(raw);
  const head = end ? raw.slice(0, end.index) : raw;
  const body = end ? raw.slice(end.index + end[0].length) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new Error(`not a header line: ${JSON.stringify(line)}`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
};

const decodeBytes = (bytes: Uint8Array, charset: string): string =>
  new TextDecoder(charset, { fatal: true }).decode(bytes);

const hexBytes = (text: string, spaceForUnderscore: boolean): Uint8Array => {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (char === "_" && spaceForUnderscore) {
      bytes.push(0x20);
    } else {
      const code = char.charCodeAt(0);
      if (code > 0x7f) throw new Error("8-bit character in a quoted-printable text");
      bytes.push(code);
    }
  }
  return Uint8Array.from(bytes);
};

/** RFC 2047 encoded words; the white space between two adjacent words is not part of the text. */
const decodeWords = (value: string): string =>
  value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, charset: string, encoding: string, text: string) =>
      decodeBytes(
        encoding.toUpperCase() === "B" ? Buffer.from(text, "base64") : hexBytes(text, true),
        charset.split("*")[0] ?? charset,
      ),
    );

const parameter = (headerValue: string, name: string): string | undefined => {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, "i").exec(headerValue);
  return match?.[1];
};

const decodeBody = (part: Part): string => {
  const type = part.headers.get("content-type") ?? "text/plain; charset=us-ascii";
  const charset = parameter(type, "charset") ?? "us-ascii";
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable")
    return decodeBytes(hexBytes(part.body.replace(/=\r?\n/g, ""), false), charset);
  if (encoding === "base64") return decodeBytes(Buffer.from(part.body, "base64"), charset);
  return part.body;
};

type Collected = { text?: string; html?: string; attachments: ParsedMail["attachments"] };

const collect = (part: Part, into: Collected): void => {
  const type = (part.headers.get("content-type") ?? "text/plain").toLowerCase();
  const filename =
    parameter(part.headers.get("content-disposition") ?? "", "filename") ??
    parameter(part.headers.get("content-type") ?? "", "name");
  if (filename && !type.startsWith("multipart/")) {
    const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
    into.attachments.push({
      filename: decodeWords(filename),
      contentType: type.split(";")[0]?.trim() ?? type,
      content:
        encoding === "base64" ? Buffer.from(part.body.replace(/\s+/g, ""), "base64") : Buffer.from(part.body),
    });
  } else if (type.startsWith("multipart/")) {
    const boundary = parameter(part.headers.get("content-type") ?? "", "boundary");
    if (!boundary) throw new Error("multipart without boundary");
    const sections = part.body.split(
      new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
    );
    // The preamble comes first; the closing delimiter's section starts with "--".
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      collect(splitHeadersAndBody(section.replace(/^\r?\n/, "")), into);
    }
  } else if (type.startsWith("text/plain")) {
    into.text = decodeBody(part);
  } else if (type.startsWith("text/html")) {
    into.html = decodeBody(part);
  }
};

export const parseEml = (raw: string): ParsedMail => {
  const top = splitHeadersAndBody(raw);
  const headers = new Map([...top.headers].map(([name, value]) => [name, decodeWords(value)]));
  const bodies: Collected = { attachments: [] };
  collect(top, bodies);
  return { headers, ...bodies };
};
