// How the writer speaks of its characters (blueprint.ts): the titles that belong to a name, and the
// roles too plain to become an epithet.

/** Titles that go with a name ("Captain Reyes" stays whole; "Detective Ana Ruiz" becomes "Ana"). */
export const NAME_TITLES: ReadonlySet<string> = new Set(
  (
    "captain detective doctor dr professor inspector sergeant lady lord sir king queen prince " +
    "princess aunt uncle mister mr mrs ms miss madame old young father mother brother sister"
  ).split(" "),
);

/** "Maud, the girl," reads oddly: a bare everyday noun is not worth an epithet. */
export const PLAIN_ROLES: RegExp = /^the (?:girl|boy|man|woman|child|kid|teenager)$/;
