// Names for the REST shapes the GraphQL mappers use, all taken from the generated OpenAPI types.
import type { paths } from "./api-types.js";

export type RestUserProfile =
  paths["/v1/auth/me"]["get"]["responses"][200]["content"]["application/json"];
