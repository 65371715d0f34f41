-- A snapshot also holds the newest stories without engagement in its window, scored by age alone,
-- so a page of Trending Now or sort=popular does not step through every recent, engaged story to
-- find the first ones without (docs/decisions/075-trending-snapshot-holds-the-unengaged-front.md).
-- unengaged_from: the publication instant of the oldest of them; the stories published at or
-- before it that the snapshot does not hold are read from stories. Null: it holds none.
alter table trending_snapshots add column unengaged_from timestamptz;
