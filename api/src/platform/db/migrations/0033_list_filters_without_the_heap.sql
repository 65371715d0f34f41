-- A filtered page finds its stories without reading their rows
-- (docs/decisions/076-filtered-lists-and-search-read-only-what-they-rank.md). A tag is on about one
-- listed story in 300, so a page of nine walks some 2,700 of them: the newest-first index now
-- carries what the filters test (tags, category, length, nastiness, author), and the walk reads
-- the index alone instead of 2,700 rows scattered over the table.
drop index stories_public_newest_idx;
create index stories_public_newest_idx on stories (published_at desc, id desc)
  include (tags, category_id, desired_length, nastiness_level, author_id)
  where status = 'completed' and is_public and moderation_status = 'approved';
-- A snapshot's copy of each story's tags, lower-cased, when it was taken: a page of popular or
-- Trending Now with a tag looks at the snapshot's rows alone and joins the story only for those
-- that carry it. Null in rows of snapshots taken before this column.
alter table trending_scores add column tags text[];
