import { API_ID_MAX_LENGTH, API_ID_PATTERN, API_ID_RULE } from "@storyloom/common";
import { Type } from "typebox";

/**
 * A path parameter or field naming one of the api's objects (`description` says which): the
 * schema refuses what no id looks like before any lookup, with a 422 naming the field.
 */
export const apiIdSchema = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: API_ID_MAX_LENGTH,
    pattern: API_ID_PATTERN,
    description: `${description}: ${API_ID_RULE}.`,
  });
