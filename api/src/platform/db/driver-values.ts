// What the drivers answer for a computed column, as the api's types want it. node-postgres and
// PGlite answer a boolean column as a boolean, but a boolean from raw SQL that the driver did not
// type (a value read back through text) arrives as the string "true" or "false".

/** True for a boolean true or its text; false for anything else (false, "false", null). */
export function sqlBoolean(value: unknown): boolean {
  return value === true || String(value) === "true";
}
