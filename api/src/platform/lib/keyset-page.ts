import { decodeKeyset, encodeKeyset, type KeysetList, type KeysetPosition } from "./cursor.js";

/** A page size, and the cursor of the page before it (none for the first). */
export interface PageRequest {
  size: number;
  cursor: string | undefined;
}

/** One page of a keyset-paged list, and the cursor of the next (null on the last). */
export interface KeysetPage<Row> {
  rows: Row[];
  nextCursor: string | null;
}

/**
 * Reads the page after `cursor` (the first without one): `listRows` is asked for one row more
 * than `size`, which tells whether there is a next page. A cursor of another list is refused as
 * an invalid `cursor`.
 */
export async function readKeysetPage<Row extends { position: KeysetPosition }>(
  list: KeysetList,
  page: PageRequest,
  listRows: (limit: number, after: KeysetPosition | null) => Promise<Row[]>,
): Promise<KeysetPage<Row>> {
  const after = page.cursor === undefined ? null : decodeKeyset(list, page.cursor);
  const rows = await listRows(page.size + 1, after);
  const shown = rows.slice(0, page.size);
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: rows.length > page.size && last ? encodeKeyset(list, last.position) : null,
  };
}
