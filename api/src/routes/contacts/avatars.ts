import { Rights } from "@registre/core";
import { runContactCommit } from "../../contacts/commands.ts";
import { findContact } from "../../contacts/queries.ts";
import type { AppContext } from "../../context.ts";
import { storeImage } from "../../files/logos.ts";
import { accessRoute, right } from "../../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { ProblemError } from "../../http/problem.ts";
import { problemResponses } from "../../http/schemas.ts";
import { answer, errors } from "../../schemas/common.ts";
import { Contact, ContactAvatar, ContactIdParam } from "../../schemas/contacts.ts";
import { LogoUpload } from "../../schemas/organisations.ts";

const tags = ["Contacts"];

/**
 * A contact's picture (`/contacts/{id}/avatars`): GET its URLs, POST an image (checked by decoding it,
 * fitted in 512×512, a PNG and a WebP variant named after their content — as the organisation's logo),
 * DELETE it. The change is an event of the contact (`ContactAvatarChanged`); the files stay, content-
 * addressed, so the history never points at a missing picture.
 */
export const contactAvatarRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("contacts", Rights.read), {
      method: "get",
      path: "/{id}/avatars",
      operationId: "getContactAvatar",
      tags,
      request: { params: ContactIdParam },
      responses: { 200: answer(ContactAvatar, "The picture's URLs"), ...errors },
    }),
    async (c) => {
      const contact = await findContact(ctx, sessionOrg(c), c.req.valid("param").id);
      if (!contact.avatar) throw new ProblemError(404, "http.notFound");
      return c.json(contact.avatar, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("contacts", Rights.update), {
      upload: "image",
      method: "post",
      path: "/{id}/avatars",
      operationId: "uploadContactAvatar",
      tags,
      request: {
        params: ContactIdParam,
        body: { content: { "multipart/form-data": { schema: LogoUpload } }, required: true },
      },
      responses: { 200: answer(Contact, "The contact with its new picture"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      await findContact(ctx, orgId, id);
      const file = c.req.valid("form").file;
      const avatar = await storeImage(
        ctx.files,
        orgId,
        new Uint8Array(await file.arrayBuffer()),
        "avatars",
        ctx.uploadLimits.image.pixels,
      );
      await runContactCommit(
        ctx,
        orgId,
        id,
        () => [{ type: "ChangeContactAvatar", data: { avatar } }],
        commandMetadata(c, ctx),
      );
      return c.json(await findContact(ctx, orgId, id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("contacts", Rights.update), {
      method: "delete",
      path: "/{id}/avatars",
      operationId: "removeContactAvatar",
      tags,
      request: { params: ContactIdParam },
      responses: { 204: { description: "The contact has no picture any more" }, ...problemResponses(404) },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { id } = c.req.valid("param");
      await findContact(ctx, orgId, id);
      await runContactCommit(
        ctx,
        orgId,
        id,
        () => [{ type: "ChangeContactAvatar", data: { avatar: null } }],
        commandMetadata(c, ctx),
      );
      return c.body(null, 204);
    },
  );
  return app;
};
