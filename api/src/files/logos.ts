import { createHash } from "node:crypto";
import type { OrganisationLogo } from "@registre/core";
import sharp from "sharp";
import { ProblemError } from "../http/problem.ts";
import type { FileStore } from "../ports/file-store.ts";
import { defaultUploadLimits } from "../uploads/limits.ts";

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const MAX_SIDE = 512;
const accepted = new Set(["png", "jpeg", "webp", "gif"]);
/** A stored picture's name: its content's hash and its format. */
export const FILE_NAME = /^([0-9a-f]{32})\.(png|webp)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where each kind of picture is kept: an organisation's logo, a contact's avatar. */
export type ImageArea = "logos" | "avatars";
/** A picture's key in the file store: the folder layout the data folder always had, so old logos load. */
const keyOf = (area: ImageArea, orgId: string, fileName: string) => `${area}/${orgId}/${fileName}`;

/**
 * Checks an uploaded image (an image that decodes, of an accepted format, at most 2 MB), fits it in
 * 512×512 and keeps a PNG and a WebP variant named after the PNG's SHA-256: the same logo is the
 * same file, and a file never changes under its name.
 */
export const storeLogo = (
  files: FileStore,
  orgId: string,
  upload: Uint8Array,
  maxPixels?: number,
): Promise<OrganisationLogo> => storeImage(files, orgId, upload, "logos", maxPixels);

/**
 * The same check, fit and variants for any picture of the organisation (a contact's avatar). Its
 * header is read first: a picture of more than `maxPixels` (a small file that would decode to
 * gigabytes) is refused before it is decoded, and sharp is told the same bound.
 */
export const storeImage = async (
  files: FileStore,
  orgId: string,
  upload: Uint8Array,
  area: ImageArea,
  maxPixels: number = defaultUploadLimits.image.pixels,
): Promise<OrganisationLogo> => {
  if (upload.byteLength === 0 || upload.byteLength > MAX_LOGO_BYTES)
    throw new ProblemError(422, "validation.invalidFile", { max: "2 Mo" });
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new ProblemError(422, "validation.invalidFile", { max: "2 Mo" });
  }
  if (!metadata.format || !accepted.has(metadata.format))
    throw new ProblemError(422, "validation.invalidFile", { max: "2 Mo" });
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * Math.max(metadata.pages ?? 1, 1);
  if (pixels > maxPixels)
    throw new ProblemError(422, "upload.imageTooLarge", { limit: maxPixels, value: pixels, field: "file" });
  const resized = sharp(upload, { limitInputPixels: maxPixels })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
  const { data: png, info } = await resized.clone().png().toBuffer({ resolveWithObject: true });
  const webp = await resized.clone().webp({ quality: 90 }).toBuffer();
  const fileId = createHash("sha256").update(png).digest("hex").slice(0, 32);
  await Promise.all([
    files.put(keyOf(area, orgId, `${fileId}.png`), png, "image/png"),
    files.put(keyOf(area, orgId, `${fileId}.webp`), webp, "image/webp"),
  ]);
  return { fileId, width: info.width, height: info.height };
};

/** A stored logo variant, or null for any name that is not one (no path ever leaves the folder). */
export const readLogo = async (
  files: FileStore,
  orgId: string,
  fileName: string,
  area: ImageArea = "logos",
): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string } | null> => {
  const match = FILE_NAME.exec(fileName);
  if (!match || !UUID.test(orgId)) return null;
  const body = await files.get(keyOf(area, orgId, fileName));
  return body ? { body, contentType: match[2] === "webp" ? "image/webp" : "image/png" } : null;
};

/** Where the web app finds a logo: the WebP variant for browsers that take it, the PNG otherwise. */
export const logoUrls = (orgId: string, logo: OrganisationLogo | null) =>
  logo
    ? {
        png: `/api/files/logos/${orgId}/${logo.fileId}.png`,
        webp: `/api/files/logos/${orgId}/${logo.fileId}.webp`,
        width: logo.width,
        height: logo.height,
      }
    : null;

/** Where the web app finds a contact's avatar (public by content-addressed name, as logos are). */
export const avatarUrls = (orgId: string, avatar: OrganisationLogo | null | undefined) =>
  avatar
    ? {
        png: `/api/files/avatars/${orgId}/${avatar.fileId}.png`,
        webp: `/api/files/avatars/${orgId}/${avatar.fileId}.webp`,
        width: avatar.width,
        height: avatar.height,
      }
    : null;
