// A fingerprint of a database's contents, for tests that assert requests changed nothing: each
// table's row count and an md5 of its rows, in one statement.

const quoted = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * Reads the tables of the current schema once and resolves to a function that fingerprints them:
 * `{ table: "N rows, md5 …" }`. `query` runs a statement and resolves to its rows (PGlite,
 * node-postgres, a Drizzle session…). Rows are hashed in the order a scan meets them, which only
 * a write changes (sorting them would cost more than the requests under test). Tables named in
 * `except` are left out; for a table named in `columns`, only those columns are hashed, in the
 * order of the first one (a queue whose worker keeps its own bookkeeping beside what was asked).
 */
export async function databaseChecksum(query, { except = [], columns: chosen = {} } = {}) {
  const tables = (
    await query(
      "select table_name as name from information_schema.tables " +
        "where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
    )
  ).filter(({ name }) => !except.includes(name));
  const columns = tables.map(({ name }) => {
    const only = chosen[name]?.map(quoted);
    const rows = only ? `(select ${only.join(", ")} from ${quoted(name)})` : quoted(name);
    const order = only ? ` order by t.${only[0]}` : "";
    return (
      `(select count(*) || ' rows, md5 ' || ` +
      `coalesce(md5(string_agg(t::text, E'\\n'${order})), '-') ` +
      `from ${rows} t) as ${quoted(name)}`
    );
  });
  const statement = `select ${columns.join(", ") || "1 as nothing"}`;
  return async () => {
    const [row] = await query(statement);
    return { ...row };
  };
}
