import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { createApp } from "../app.ts";
import { apiHarness } from "../testing/api-harness.ts";

describe.each(databaseKinds)("organisation users on %s", (kind) => {
  const { harness, call, register, join, mailsTo } = apiHarness(kind, {
    publicUrl: "https://registre.example.fr",
  });
  let orgs = 0;
  const sirens = ["732829320", "552120222", "123456782"];
  const ownerWithOrg = async (name = "Sophie") => {
    const owner = await register(name);
    const org = await call("POST", "/user/orgs", owner.token, {
      name: `Cabinet ${name} ${++orgs}`,
      siren: sirens[orgs % sirens.length],
    });
    expect(org.status).toBe(201);
    return { ...owner, token: org.body.token as string, orgId: org.body.user.org.id as string };
  };
  const linkIn = (text: string | undefined) => {
    const match = /https:\/\/registre\.example\.fr\/public\/invitation\?token=([\w%-]+)/.exec(text ?? "");
    if (!match?.[1]) throw new Error(`no invitation link in ${text}`);
    return decodeURIComponent(match[1]);
  };
  const members = async (token: string) =>
    (await call("GET", "/contacts/users", token)).body.items.map((u: { email: string; role: string }) => [
      u.email,
      u.role,
    ]);

  it("invites instead of adding: the same answer whether the address is registered or not, an e-mail each, no member yet", async () => {
    const owner = await ownerWithOrg();
    const hugo = await register("Hugo");
    const unknown = `personne.${kind}@exemple.fr`;
    const toUnknown = await call("POST", "/contacts/users", owner.token, {
      email: unknown,
      profile: "accountant",
    });
    const toHugo = await call("POST", "/contacts/users", owner.token, {
      email: hugo.email.toUpperCase(),
      profile: "accountant",
    });
    for (const answer of [toUnknown, toHugo]) {
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body).sort()).toEqual([
        "email",
        "emailSent",
        "expiresAt",
        "id",
        "invitedAt",
        "profile",
        "status",
      ]);
      expect(answer.body).toMatchObject({ profile: "accountant", status: "pending", emailSent: true });
      const days = (Date.parse(answer.body.expiresAt) - Date.parse(answer.body.invitedAt)) / 86_400_000;
      expect(days).toBe(14);
    }
    expect(toHugo.body.email).toBe(hugo.email);
    // Nobody joins without accepting.
    expect(await members(owner.token)).toEqual([[owner.email, "owner"]]);
    const pending = await call("GET", "/contacts/invitations", owner.token);
    expect(pending.body.items.map((i: { email: string }) => i.email)).toEqual([hugo.email, unknown]);

    // Each address got a link; the wording tells a registered user to sign in, the other to register.
    const [toHugoMail] = mailsTo(hugo.email);
    const [toUnknownMail] = mailsTo(unknown);
    expect(toHugoMail?.headers.get("subject")).toMatch(/^Invitation à rejoindre Cabinet Sophie/);
    expect(toHugoMail?.text).toContain("Sophie vous invite à rejoindre l’organisation");
    expect(toHugoMail?.text).toContain(`connectez-vous avec l’adresse ${hugo.email}`);
    expect(toUnknownMail?.text).toContain(`créez votre compte Registre avec l’adresse ${unknown}`);
    linkIn(toHugoMail?.text);
    linkIn(toUnknownMail?.text);
  });

  it("lets only the invited user see, accept or decline an invitation; acceptance makes the member", async () => {
    const owner = await ownerWithOrg("Claire");
    const hugo = await register("Hugo");
    const nina = await register("Nina");
    const invited = await call("POST", "/contacts/users", owner.token, {
      email: hugo.email,
      profile: "accountant",
    });
    const id = invited.body.id as string;

    const seen = await call("GET", "/user/invitations", hugo.token);
    expect(seen.body.items).toEqual([
      {
        id,
        org: { id: owner.orgId, name: expect.stringMatching(/^Cabinet Claire/) },
        email: hugo.email,
        profile: "accountant",
        invitedBy: "Claire",
        invitedAt: invited.body.invitedAt,
        expiresAt: invited.body.expiresAt,
      },
    ]);
    // Someone else, even holding the id, finds nothing.
    expect((await call("GET", "/user/invitations", nina.token)).body.items).toEqual([]);
    for (const answer of ["accept", "decline"])
      expect(await call("POST", `/user/invitations/${id}/${answer}`, nina.token)).toMatchObject({
        status: 404,
        body: { code: "invitation.notFound" },
      });

    const accepted = await call("POST", `/user/invitations/${id}/accept`, hugo.token);
    expect(accepted).toMatchObject({ status: 200, body: { id: owner.orgId, profile: "accountant" } });
    expect(await members(owner.token)).toEqual(
      expect.arrayContaining([
        [owner.email, "owner"],
        [hugo.email, "accountant"],
      ]),
    );
    expect((await call("GET", "/contacts/invitations", owner.token)).body.items).toEqual([]);
    expect((await call("POST", `/user/invitations/${id}/accept`, hugo.token)).status).toBe(404);
    // The history records the invitation, then the acceptance with the member added.
    const { rows } = await sql<{ type: string }>`
      select type from events where org_id = ${owner.orgId}::uuid and stream_id = ${`org-${owner.orgId}`}
      order by stream_version`.execute(harness.ctx.database.db);
    expect(rows.map((r) => r.type).slice(-3)).toEqual(["MemberInvited", "InvitationAccepted", "MemberAdded"]);

    // A member is invited no more.
    const again = await call("POST", "/contacts/users", owner.token, { email: hugo.email, profile: "owner" });
    expect(again).toMatchObject({ status: 409, body: { code: "organisation.alreadyMember" } });

    // The accountant reads the members but may not invite; the last owner stays.
    const session = await call("POST", "/user/orgs/change", hugo.token, { orgId: owner.orgId });
    const hugoToken = session.body.token as string;
    expect((await call("GET", "/contacts/users", hugoToken)).status).toBe(200);
    expect(
      (await call("POST", "/contacts/users", hugoToken, { email: nina.email, profile: "owner" })).status,
    ).toBe(403);
    const lastOwner = await call("DELETE", `/contacts/users/${owner.id}`, owner.token);
    expect(lastOwner).toMatchObject({ status: 409, body: { code: "organisation.lastOwner" } });
    expect((await call("DELETE", `/contacts/users/${hugo.id}`, owner.token)).status).toBe(204);
    expect(await members(owner.token)).toEqual([[owner.email, "owner"]]);
  });

  it("brings an address without an account in: the link shows the invitation, the new account accepts it", async () => {
    const owner = await ownerWithOrg("Marc");
    const email = `lea.nouvelle.${kind}@exemple.fr`;
    await call("POST", "/contacts/users", owner.token, { email, profile: "owner" });
    const token = linkIn(mailsTo(email).at(-1)?.text);
    const shown = await call("POST", "/invitations/lookup", undefined, { token });
    expect(shown).toMatchObject({
      status: 200,
      body: { email, profile: "owner", invitedBy: "Marc", org: { id: owner.orgId } },
    });
    // Only a hash of the link's token is kept.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int8 as n from invitation_tokens
      where token_hash = sha256(convert_to(${token}, 'UTF8'))`.execute(harness.ctx.database.db);
    expect(rows[0]?.n).toBe(1);

    const registered = await call("POST", "/register", undefined, {
      email,
      password: "motdepasse1",
      name: "Léa",
    });
    const lea = registered.body.token as string;
    const [invitation] = (await call("GET", "/user/invitations", lea)).body.items;
    expect(invitation.id).toBe(shown.body.id);
    expect((await call("POST", `/user/invitations/${invitation.id}/accept`, lea)).status).toBe(200);
    expect(await members(owner.token)).toEqual(expect.arrayContaining([[email, "owner"]]));
    // Answered: the link no longer shows anything, and its token is gone.
    expect(await call("POST", "/invitations/lookup", undefined, { token })).toMatchObject({
      status: 404,
      body: { code: "invitation.notFound" },
    });
    expect((await call("POST", "/invitations/lookup", undefined, { token: "rg_made_up" })).status).toBe(404);
  });

  it("declines, revokes, replaces a pending invitation (its old link dies), and expires after 14 days", async () => {
    const owner = await ownerWithOrg("Eva");
    const zoe = await register("Zoe");
    const first = await call("POST", "/contacts/users", owner.token, {
      email: zoe.email,
      profile: "accountant",
    });
    const firstLink = linkIn(mailsTo(zoe.email).at(-1)?.text);
    const second = await call("POST", "/contacts/users", owner.token, { email: zoe.email, profile: "owner" });
    expect(second.body.id).not.toBe(first.body.id);
    expect((await call("POST", "/invitations/lookup", undefined, { token: firstLink })).status).toBe(404);
    expect((await call("GET", "/contacts/invitations", owner.token)).body.items).toMatchObject([
      { id: second.body.id, profile: "owner" },
    ]);
    expect((await call("POST", `/user/invitations/${first.body.id}/accept`, zoe.token)).status).toBe(404);

    expect((await call("POST", `/user/invitations/${second.body.id}/decline`, zoe.token)).status).toBe(204);
    expect((await call("GET", "/user/invitations", zoe.token)).body.items).toEqual([]);
    expect((await call("GET", "/contacts/invitations", owner.token)).body.items).toEqual([]);

    const third = await call("POST", "/contacts/users", owner.token, {
      email: zoe.email,
      profile: "accountant",
    });
    const thirdLink = linkIn(mailsTo(zoe.email).at(-1)?.text);
    expect((await call("DELETE", `/contacts/invitations/${third.body.id}`, owner.token)).status).toBe(204);
    expect((await call("DELETE", `/contacts/invitations/${third.body.id}`, owner.token)).status).toBe(404);
    expect((await call("POST", "/invitations/lookup", undefined, { token: thirdLink })).status).toBe(404);
    expect((await call("POST", `/user/invitations/${third.body.id}/accept`, zoe.token)).status).toBe(404);

    // Fourteen days later, the fourth is no longer listed nor accepted.
    const fourth = await call("POST", "/contacts/users", owner.token, {
      email: zoe.email,
      profile: "accountant",
    });
    const fourthLink = linkIn(mailsTo(zoe.email).at(-1)?.text);
    const later = createApp({
      ...harness.ctx,
      clock: () => new Date(Date.parse(fourth.body.expiresAt) + 1),
    });
    const callLater = async (method: string, path: string, token?: string, body?: unknown) => {
      const res = await later.request(`/api${path}`, {
        method,
        headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    };
    // Sessions slide 14 days too: sign in again on that later day.
    const signIn = async (email: string) =>
      (await callLater("POST", "/login", undefined, { email, password: "motdepasse1" })).body.token as string;
    const [zoeLater, ownerLater] = [await signIn(zoe.email), await signIn(owner.email)];
    expect((await callLater("GET", "/user/invitations", zoeLater)).body.items).toEqual([]);
    expect((await callLater("GET", "/contacts/invitations", ownerLater)).body.items).toEqual([]);
    expect((await callLater("POST", "/invitations/lookup", undefined, { token: fourthLink })).status).toBe(
      404,
    );
    expect(await callLater("POST", `/user/invitations/${fourth.body.id}/accept`, zoeLater)).toMatchObject({
      status: 409,
      body: { code: "invitation.expired" },
    });
    expect(await members(owner.token)).toEqual([[owner.email, "owner"]]);
  });

  it("answers 404 for another organisation's member or invitation, never its data", async () => {
    const a = await ownerWithOrg("Alice");
    const b = await ownerWithOrg("Bruno");
    const read = await call("GET", `/contacts/users/${b.id}`, a.token);
    expect(read).toMatchObject({ status: 404, body: { code: "user.notFound" } });
    expect((await call("DELETE", `/contacts/users/${b.id}`, a.token)).status).toBe(404);
    const invitation = await call("POST", "/contacts/users", b.token, {
      email: `invite.b.${kind}@exemple.fr`,
      profile: "accountant",
    });
    expect(await call("DELETE", `/contacts/invitations/${invitation.body.id}`, a.token)).toMatchObject({
      status: 404,
      body: { code: "invitation.notFound" },
    });
    expect((await call("GET", "/contacts/invitations", a.token)).body.items).toEqual([]);
    expect((await call("GET", "/contacts/invitations", b.token)).body.items).toHaveLength(1);
    expect((await call("GET", "/contacts/users", b.token)).body.items).toHaveLength(1);
  });

  it("refuses an invalid address or profile, and limits how many invitations an organisation sends", async () => {
    const owner = await ownerWithOrg("Ines");
    expect(
      (await call("POST", "/contacts/users", owner.token, { email: "pas-une-adresse", profile: "owner" }))
        .body,
    ).toMatchObject({ code: "validation.invalidEmail" });
    expect(
      (await call("POST", "/contacts/users", owner.token, { email: "a@b.fr", profile: "janitor" })).status,
    ).toBe(422);
    const ctx = harness.ctx;
    const limited = createApp({
      ...ctx,
      identity: {
        ...ctx.identity,
        rules: {
          ...ctx.identity.rules,
          invitations: { name: "invitations", max: 2, windowMs: 60_000, lockMs: 60_000 },
        },
      },
    });
    const invite = (i: number) =>
      limited.request("/api/contacts/users", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
        body: JSON.stringify({ email: `relay.${i}.${kind}@exemple.fr`, profile: "accountant" }),
      });
    // A NUL never reaches SQL: refused at the edge, naming the field, and not counted.
    expect(
      (
        await call("POST", "/contacts/users", owner.token, {
          email: "nul\u0000@exemple.fr",
          profile: "owner",
        })
      ).body,
    ).toMatchObject({ code: "validation.invalid", errors: [{ path: "email", code: "validation.textNul" }] });
    // Refusals were not counted: two go through, the third is refused.
    expect((await invite(1)).status).toBe(201);
    expect((await invite(2)).status).toBe(201);
    const refused = await invite(3);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toMatchObject({ code: "identity.tooManyAttempts" });
    // Another organisation is not affected.
    const other = await ownerWithOrg("Jules");
    const theirs = await limited.request("/api/contacts/users", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${other.token}` },
      body: JSON.stringify({ email: `colleague.${kind}@exemple.fr`, profile: "accountant" }),
    });
    expect(theirs.status).toBe(201);
  });

  it("joins a user through the harness as the other API tests do", async () => {
    const owner = await ownerWithOrg("Olga");
    const paul = await register("Paul");
    expect(await join(owner.token, paul, "accountant")).toMatchObject({
      id: owner.orgId,
      profile: "accountant",
    });
  });
});
