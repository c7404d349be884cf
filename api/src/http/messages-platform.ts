import { platformInvoiceMessages } from "./messages-platform-invoices.ts";

/** The messages of the platform administration's own routes (users, organisations, memberships), merged into `messages`. */
export const platformMessages = {
  ...platformInvoiceMessages,
  "organisation.archived": {
    fr: "L’organisation « {name} » est archivée : ses livres restent consultables, plus rien n’y change.",
    en: "The organisation “{name}” is archived: its books can still be read, nothing changes in them any more.",
  },
  "membership.notFound": {
    fr: "Cet utilisateur n’est pas membre de cette organisation.",
    en: "This user is not a member of this organisation.",
  },
  "platform.ownAdminRight": {
    fr: "Vous ne pouvez pas retirer votre propre droit d’administration de la plateforme.",
    en: "You cannot remove your own platform administration right.",
  },
  "platform.closeSelf": {
    fr: "Vous ne pouvez pas fermer votre propre compte.",
    en: "You cannot close your own account.",
  },
  "params.notFound": { fr: "Paramètre introuvable : « {key} ».", en: "Parameter not found: “{key}”." },
  "params.invalidKey": {
    fr: "Clé invalide : « {value} » (une minuscule, puis lettres et chiffres, 60 caractères au plus).",
    en: "Invalid key: “{value}” (a lowercase letter, then letters and digits, 60 characters at most).",
  },
  "params.duplicateKey": {
    fr: "Le paramètre « {value} » existe déjà.",
    en: "The parameter “{value}” already exists.",
  },
  "params.invalidValue": {
    fr: "Valeur invalide pour un paramètre de type {type} : « {value} ».",
    en: "Invalid value for a parameter of type {type}: “{value}”.",
  },
  "params.required": {
    fr: "Le paramètre « {key} » est lu par Registre : il ne peut pas être supprimé, seulement modifié.",
    en: "The parameter “{key}” is read by Registre: it cannot be removed, only changed.",
  },
  "help.notFound": { fr: "Article d’aide introuvable.", en: "Help article not found." },
  "help.invalidScreen": {
    fr: "Écran invalide : « {value} » (un chemin de l’application, comme /org/contacts).",
    en: "Invalid screen: “{value}” (a path of the app, such as /org/contacts).",
  },
  "help.duplicateScreen": {
    fr: "Un article d’aide existe déjà pour l’écran {value}.",
    en: "A help article already exists for the screen {value}.",
  },
} as const satisfies Record<string, { fr: string; en: string }>;
