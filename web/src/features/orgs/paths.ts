export const orgsRoute = "/registre/orgs";
export const orgRoute = (id: string): string => `${orgsRoute}/${encodeURIComponent(id)}`;
