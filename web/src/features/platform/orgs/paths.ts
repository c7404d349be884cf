export const orgsRoute = "/registre/orgs";
export const orgRoute = (id: string): string => `${orgsRoute}/${encodeURIComponent(id)}`;
export const orgLogRoute = (id: string): string => `${orgRoute(id)}/log`;
export const orgMembersRoute = (id: string): string => `${orgRoute(id)}/user`;
export const orgHistoryRoute = (id: string) => `${orgRoute(id)}/history`;
export const orgMembersEditRoute = (id: string): string => `${orgMembersRoute(id)}/edit`;
export const orgArchiveRoute = (id: string): string => `${orgHistoryRoute(id)}/edit`;
