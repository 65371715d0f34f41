-- Taking a trending snapshot (docs/decisions/075-trending-snapshot-holds-the-unengaged-front.md)
-- reads which stories had engagement in the window and counts each one's: with the story id in
-- the window's indexes and the approved comments indexed by story, both are read from the indexes
-- alone, not from the rows scattered over the tables' heaps (at a million stories and ten million
-- comments, most of a snapshot's 3.7 s).
create index bookmarks_created_story_idx on bookmarks (created_at, story_id);
drop index bookmarks_created_idx;
create index comments_approved_created_story_idx on comments (created_at, story_id)
  where moderation_status = 'approved';
drop index comments_approved_created_idx;
create index story_reads_created_story_idx on story_reads (created_at, story_id);
drop index story_reads_created_idx;
create index comments_approved_story_created_idx on comments (story_id, created_at)
  where moderation_status = 'approved';
