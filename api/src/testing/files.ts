import sharp from "sharp";

/** A small PDF that any reader opens (one empty page), as bytes. */
export const tinyPdf = (): Uint8Array<ArrayBuffer> => {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(new TextEncoder().encode(body));
};

/** A real PNG picture. */
export const tinyPng = async (): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
      .png()
      .toBuffer(),
  );

/** A multipart form with one file under `file`. */
export const fileForm = (name: string, bytes: Uint8Array<ArrayBuffer>, type = "application/octet-stream") => {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return form;
};
