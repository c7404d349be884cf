import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/index.ts";
import { refusedOnField, refusedWith } from "../testing/refusals.ts";
import { templateLanguages, templateUses } from "./defaults.ts";
import {
  allowedVariables,
  defaultEmailTemplate,
  type EmailTemplatesEvent,
  emailTemplateList,
  emailTemplatesDecider,
} from "./email-templates.ts";
import { checkTemplate } from "./template.ts";

const spec = deciderSpecification(emailTemplatesDecider);
const fold = (events: EmailTemplatesEvent[]) =>
  events.reduce(emailTemplatesDecider.evolve, emailTemplatesDecider.initialState());

const mine = {
  id: "t-1",
  name: "  Facture  courte ",
  use: "invoice" as const,
  language: "fr" as const,
  subject: "Facture {{number}}",
  body: "Bonjour,\r\n\r\nCi-joint la facture {{number}}.  \n",
};
const saved = (isDefault: boolean) =>
  ({
    type: "EmailTemplateSaved",
    data: {
      template: { ...mine, name: "Facture courte", body: "Bonjour,\n\nCi-joint la facture {{number}}." },
      isDefault,
    },
  }) as const;

describe("the organisation's e-mail templates", () => {
  it("starts with a built-in default per use and language, each using only its use's variables", () => {
    const list = emailTemplateList(emailTemplatesDecider.initialState());
    expect(list).toHaveLength(templateUses.length * templateLanguages.length);
    for (const t of list) {
      expect(t).toMatchObject({ builtIn: true, isDefault: true });
      checkTemplate(t.subject, "subject", allowedVariables(t.use));
      checkTemplate(t.body, "body", allowedVariables(t.use));
    }
    const notice = defaultEmailTemplate(emailTemplatesDecider.initialState(), "reminder3", "fr");
    expect(notice.body).toContain("{{penalty}}");
    expect(notice.body).toContain("{{indemnity}}");
    expect(notice.body).toContain("sommes suivantes\u00a0:");
  });

  it("saves a template of its own, texts cleaned, line breaks kept", () => {
    spec
      .given([])
      .when({ type: "CreateEmailTemplate", data: mine })
      .then([saved(false)]);
  });

  it("makes a template the default of its use and language, the built-in one no more", () => {
    const state = fold([saved(true)]);
    expect(defaultEmailTemplate(state, "invoice", "fr").id).toBe("t-1");
    expect(defaultEmailTemplate(state, "invoice", "en").id).toBe("default-invoice-en");
    expect(emailTemplateList(state).find((t) => t.id === "default-invoice-fr")?.isDefault).toBe(false);
    const deleted = emailTemplatesDecider.evolve(state, {
      type: "EmailTemplateDeleted",
      data: { id: "t-1" },
    });
    expect(defaultEmailTemplate(deleted, "invoice", "fr").id).toBe("default-invoice-fr");
  });

  it("refuses an unknown variable at save time, naming it", () => {
    spec
      .given([])
      .when({ type: "CreateEmailTemplate", data: { ...mine, body: "Bonjour {{prenom}}" } })
      .thenThrows(refusedWith("emailTemplate.unknownVariable", { field: "body", variable: "prenom" }));
  });

  it("keeps the reminders' figures to reminder templates", () => {
    spec
      .given([])
      .when({ type: "CreateEmailTemplate", data: { ...mine, subject: "{{penalty}}" } })
      .thenThrows(refusedWith("emailTemplate.unknownVariable", { field: "subject", variable: "penalty" }));
    spec
      .given([])
      .when({ type: "CreateEmailTemplate", data: { ...mine, use: "reminder2", subject: "{{penalty}}" } })
      .then([
        {
          type: "EmailTemplateSaved",
          data: {
            template: { ...saved(false).data.template, use: "reminder2", subject: "{{penalty}}" },
            isDefault: false,
          },
        } as EmailTemplatesEvent,
      ]);
  });

  it("refuses an empty subject and a subject over 200 characters", () => {
    spec
      .given([])
      .when({ type: "CreateEmailTemplate", data: { ...mine, subject: "  " } })
      .thenThrows(refusedOnField("validation.required", "subject"));
    spec
      .given([])
      .when({ type: "CreateEmailTemplate", data: { ...mine, subject: "x".repeat(201) } })
      .thenThrows(refusedOnField("validation.tooLong", "subject"));
  });

  it("changes a built-in template but never deletes it nor moves it to another use", () => {
    spec
      .given([])
      .when({ type: "DeleteEmailTemplate", data: { id: "default-invoice-fr" } })
      .thenThrows(refusedWith("emailTemplate.builtIn", { id: "default-invoice-fr" }, 409));
    const builtIn = defaultEmailTemplate(emailTemplatesDecider.initialState(), "invoice", "fr");
    spec
      .given([])
      .when({ type: "ChangeEmailTemplate", data: { ...builtIn, use: "quote" } })
      .thenThrows(refusedOnField("emailTemplate.builtInUse", "use", 409));
    spec
      .given([])
      .when({ type: "ChangeEmailTemplate", data: { ...builtIn, subject: "Votre facture {{number}}" } })
      .then([
        {
          type: "EmailTemplateSaved",
          data: {
            template: {
              id: builtIn.id,
              name: builtIn.name,
              use: "invoice",
              language: "fr",
              subject: "Votre facture {{number}}",
              body: builtIn.body,
            },
            isDefault: true,
          },
        },
      ]);
    spec.given([]).when({ type: "ChangeEmailTemplate", data: builtIn }).then([]);
  });

  it("refuses an unknown template and an id taken", () => {
    spec
      .given([])
      .when({ type: "ChangeEmailTemplate", data: { ...mine, id: "nope" } })
      .thenThrows(refusedWith("emailTemplate.notFound", { id: "nope" }, 404));
    spec
      .given([saved(false)])
      .when({ type: "CreateEmailTemplate", data: mine })
      .thenThrows(refusedWith("emailTemplate.exists", { id: "t-1" }, 409));
  });
});
