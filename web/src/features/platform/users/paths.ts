export const usersRoute = "/registre/users";
export const userRoute = (id: string): string => `${usersRoute}/${encodeURIComponent(id)}`;
export const userLogRoute = (id: string): string => `${userRoute(id)}/log`;
export const userOrgsRoute = (id: string): string => `${userRoute(id)}/org`;
