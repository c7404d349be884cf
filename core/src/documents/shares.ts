import { DomainError, type DomainEvent } from "../decider.ts";

/**
 * A link that shows the document to whoever holds it (`/share/docs?token=…`): an event of the
 * document's stream. The token is not in the log (its SHA-256 is kept by the shell, erasable).
 */
export type DocumentShare = { readonly shareId: string; readonly expiresAt: string | null };

export type DocumentShareEvent =
  | DomainEvent<"DocumentShared", DocumentShare>
  | DomainEvent<"DocumentShareRevoked", { readonly shareId: string }>;

export type DocumentShareCommand =
  | {
      readonly type: "ShareDocument";
      /** `now`: the command's instant, which a given expiry must be after. */
      readonly data: DocumentShare & { readonly now: string };
    }
  | { readonly type: "RevokeDocumentShare"; readonly data: { readonly shareId: string } };

/** The links not revoked (expired ones included: the list says so). */
export const evolveShares = (
  shares: readonly DocumentShare[],
  event: DocumentShareEvent,
): readonly DocumentShare[] =>
  event.type === "DocumentShared"
    ? [...shares.filter((s) => s.shareId !== event.data.shareId), event.data]
    : shares.filter((s) => s.shareId !== event.data.shareId);

export const decideShare = (
  command: DocumentShareCommand,
  shares: readonly DocumentShare[],
): DocumentShareEvent[] => {
  if (command.type === "ShareDocument") {
    const { shareId, expiresAt, now } = command.data;
    if (shares.some((s) => s.shareId === shareId)) return [];
    if (expiresAt !== null && !(Date.parse(expiresAt) > Date.parse(now)))
      throw new DomainError("share.expiryInPast", { field: "expiresAt" });
    return [{ type: "DocumentShared", data: { shareId, expiresAt } }];
  }
  if (!shares.some((s) => s.shareId === command.data.shareId))
    throw new DomainError("share.notFound", { field: "shareId" }, 404);
  return [{ type: "DocumentShareRevoked", data: { shareId: command.data.shareId } }];
};
