import {
  type AuthorizationCommand,
  authorizationDecider,
  authorizationStreamId,
  type CommandMetadata,
  type Right,
  Rights,
} from "@registre/core";
import { alreadyAppended, orgStreamRunner } from "../commands.ts";
import type { AppContext } from "../context.ts";
import { accessRoute, right } from "../http/access.ts";
import { commandMetadata, resourceApp } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import {
  findAuthAssignment,
  findAuthItem,
  listAuthAssignments,
  listAuthItems,
} from "../identity/authorization.ts";
import { isMember } from "../identity/queries.ts";
import { derivedId } from "../ids.ts";
import {
  AssignInput,
  AuthorizationAssignment,
  AuthorizationAssignmentList,
  AuthorizationItem,
  AuthorizationItemList,
  ChangeAuthorizationItemInput,
  CreateAuthorizationItemInput,
  ReassignInput,
} from "../schemas/authorization.ts";
import { answer, body, UuidParam } from "../schemas/common.ts";

const errors = problemResponses(401, 403, 404, 409, 422);

/** Authorization items (the organisation's own roles) and their assignments to members Mounted at /auth. */
/** The runner of the organisation's rights stream (its items and assignments). */
const runAuthorization = orgStreamRunner({
  streamId: authorizationStreamId,
  decider: authorizationDecider,
  readModels: ["authorization"],
});

export const authorizationRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  const orgOf = (orgId: string | null) => {
    if (!orgId) throw new ProblemError(404, "organisation.notFound");
    return orgId;
  };
  const run = (orgId: string, command: AuthorizationCommand, metadata: CommandMetadata) =>
    runAuthorization(ctx, orgId, command, metadata);
  const findItem = (orgId: string, itemId: string) => findAuthItem(ctx, orgId, itemId);
  const findAssignment = (orgId: string, assignmentId: string) =>
    findAuthAssignment(ctx, orgId, assignmentId);

  app.openapi(
    accessRoute(ctx, right("auth", Rights.read), {
      method: "get",
      path: "/items",
      operationId: "listAuthorizationItems",
      tags: ["Rights"],
      responses: { 200: answer(AuthorizationItemList, "The organisation's items"), ...errors },
    }),
    async (c) => {
      return c.json({ items: await listAuthItems(ctx, orgOf(c.get("session").orgId)) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("auth", Rights.create), {
      method: "post",
      path: "/items",
      operationId: "createAuthorizationItem",
      tags: ["Rights"],
      request: body(CreateAuthorizationItemInput),
      responses: { 201: answer(AuthorizationItem, "Created"), ...errors },
    }),
    async (c) => {
      const { orgId } = c.get("session");
      const org = orgOf(orgId);
      const metadata = commandMetadata(c, ctx);
      const itemId = derivedId(metadata.commandId, "item");
      const body = c.req.valid("json");
      await run(
        org,
        { type: "CreateAuthItem", data: { itemId, name: body.name, rights: body.rights as Right[] } },
        metadata,
      );
      return c.json(await findItem(org, itemId), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("auth", Rights.read), {
      method: "get",
      path: "/items/{id}",
      operationId: "getAuthorizationItem",
      tags: ["Rights"],
      request: { params: UuidParam },
      responses: { 200: answer(AuthorizationItem, "The item"), ...errors },
    }),
    async (c) => c.json(await findItem(orgOf(c.get("session").orgId), c.req.valid("param").id), 200),
  );

  app.openapi(
    accessRoute(ctx, right("auth", Rights.update), {
      method: "put",
      path: "/items/{id}",
      operationId: "changeAuthorizationItem",
      tags: ["Rights"],
      request: {
        params: UuidParam,
        ...body(ChangeAuthorizationItemInput),
      },
      responses: { 200: answer(AuthorizationItem, "Changed"), ...errors },
    }),
    async (c) => {
      const { orgId } = c.get("session");
      const org = orgOf(orgId);
      const itemId = c.req.valid("param").id;
      await findItem(org, itemId);
      const body = c.req.valid("json");
      await run(
        org,
        {
          type: "ChangeAuthItem",
          data: { itemId, name: body.name, rights: body.rights as Right[] | undefined },
        },
        commandMetadata(c, ctx),
      );
      return c.json(await findItem(org, itemId), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("auth", Rights.delete), {
      method: "delete",
      path: "/items/{id}",
      operationId: "deleteAuthorizationItem",
      tags: ["Rights"],
      request: { params: UuidParam },
      responses: { 204: { description: "Deleted" }, ...errors },
    }),
    async (c) => {
      const { orgId } = c.get("session");
      const org = orgOf(orgId);
      const itemId = c.req.valid("param").id;
      const metadata = commandMetadata(c, ctx);
      if (await alreadyAppended(ctx, org, metadata)) return c.body(null, 204);
      await findItem(org, itemId);
      await run(org, { type: "DeleteAuthItem", data: { itemId } }, metadata);
      return c.body(null, 204);
    },
  );

  app.openapi(
    accessRoute(ctx, right("auth", Rights.read), {
      method: "get",
      path: "/assignments",
      operationId: "listAuthorizationAssignments",
      tags: ["Rights"],
      responses: { 200: answer(AuthorizationAssignmentList, "Who has which item"), ...errors },
    }),
    async (c) => {
      return c.json({ items: await listAuthAssignments(ctx, orgOf(c.get("session").orgId)) }, 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("auth", Rights.create), {
      method: "post",
      path: "/assignments",
      operationId: "createAuthorizationAssignment",
      tags: ["Rights"],
      request: body(AssignInput),
      responses: { 201: answer(AuthorizationAssignment, "Assigned"), ...errors },
    }),
    async (c) => {
      const { orgId } = c.get("session");
      const org = orgOf(orgId);
      const body = c.req.valid("json");
      if (!(await isMember(ctx, org, body.userId))) throw new ProblemError(404, "user.notFound");
      const metadata = commandMetadata(c, ctx);
      const assignmentId = derivedId(metadata.commandId, "assignment");
      await run(org, { type: "Assign", data: { assignmentId, ...body } }, metadata);
      return c.json(await findAssignment(org, assignmentId), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("auth", Rights.update), {
      method: "put",
      path: "/assignments/{id}",
      operationId: "changeAuthorizationAssignment",
      tags: ["Rights"],
      request: { params: UuidParam, ...body(ReassignInput) },
      responses: { 200: answer(AuthorizationAssignment, "Changed"), ...errors },
    }),
    async (c) => {
      const { orgId } = c.get("session");
      const org = orgOf(orgId);
      const assignmentId = c.req.valid("param").id;
      await findAssignment(org, assignmentId);
      await run(
        org,
        { type: "ChangeAssignment", data: { assignmentId, itemId: c.req.valid("json").itemId } },
        commandMetadata(c, ctx),
      );
      return c.json(await findAssignment(org, assignmentId), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, right("auth", Rights.delete), {
      method: "delete",
      path: "/assignments/{id}",
      operationId: "deleteAuthorizationAssignment",
      tags: ["Rights"],
      request: { params: UuidParam },
      responses: { 204: { description: "Removed" }, ...errors },
    }),
    async (c) => {
      const { orgId } = c.get("session");
      const org = orgOf(orgId);
      const assignmentId = c.req.valid("param").id;
      const metadata = commandMetadata(c, ctx);
      if (await alreadyAppended(ctx, org, metadata)) return c.body(null, 204);
      await findAssignment(org, assignmentId);
      await run(org, { type: "Unassign", data: { assignmentId } }, metadata);
      return c.body(null, 204);
    },
  );
  return app;
};
