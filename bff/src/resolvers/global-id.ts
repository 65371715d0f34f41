/** A global id: the type name and the api's id, so ids are unique across types. */
export const globalId = (type: string, id: string) =>
  Buffer.from(`${type}:${id}`).toString("base64url");
