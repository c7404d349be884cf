export const itemsPath = "/org/items";
export const itemPath = (id: string) => `${itemsPath}/${id}`;
