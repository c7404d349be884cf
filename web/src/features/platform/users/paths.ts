export const usersRoute = "/registre/users";
export const userRoute = (id: string): string => `${usersRoute}/${encodeURIComponent(id)}`;
export const userLogRoute = (id: string): string => `${userRoute(id)}/log`;
export const userOrgsRoute = (id: string): string => `${userRoute(id)}/org`;
export const userEditRoute = (id: string): string => `${userRoute(id)}/edit`;
export const userOrgsEditRoute = (id: string): string => `${userRoute(id)}/orgedit`;
