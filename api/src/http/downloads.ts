/**
 * The headers of a file the API answers — an attachment, a PDF, an export (CSV, FEC, vCard,
 * Factur-X XML), a statement's file, a logo. Always a download (`attachment`), never shown in place:
 * a file a user sent, opened at Registre's address, would otherwise be a page of Registre's (an HTML
 * or SVG file running its script as Registre). With `X-Content-Type-Options: nosniff`, on every answer
 * (`security-headers.ts`), the browser takes it for what its Content-Type says and nothing more.
 * The web app fetches a file with the session's token and saves it (`downloadFile`); an `<img>` of a
 * logo shows it all the same (the disposition concerns navigations only).
 */

/**
 * `Content-Disposition` for a download: the name in ASCII (`filename`), and in UTF-8 too
 * (`filename*`, RFC 6266 / 5987) when the ASCII one had to change it.
 */
export const attachment = (name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const utf8 = ascii === name ? "" : `; filename*=UTF-8''${encodeURIComponent(name)}`;
  return `attachment; filename="${ascii}"${utf8}`;
};

/** A file's headers: what it is, and a download under `name`. */
export const fileHeaders = (name: string, contentType: string) => ({
  "content-type": contentType,
  "content-disposition": attachment(name),
});
