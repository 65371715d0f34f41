-- The reading community (bookmarks, reads, trending) and the discussion (comments, reports,
-- moderation). Each list endpoint names the index that serves it.

-- Moderation of stories: pending → approved or rejected, a rejection with a reason.
-- Approved unless moderation is asked for; a rejected story leaves every public list and page.
alter table stories
  add column moderation_status text not null default 'approved'
    check (moderation_status in ('pending', 'approved', 'rejected')),
  add column moderation_reason text,
  -- When the story last became public: Fresh Threads (newest) orders by it.
  add column published_at timestamptz;

update stories set published_at = coalesce(completed_at, updated_at) where is_public;

-- GET /stories?sort=newest and the trending candidates: public, completed, approved stories,
-- newest first, keyset-paged by (published_at, id).
create index stories_public_newest_idx on stories (published_at desc, id desc)
  where status = 'completed' and is_public and moderation_status = 'approved';
-- GET /admin/stories/pending, oldest first.
create index stories_pending_moderation_idx on stories (updated_at, id)
  where moderation_status = 'pending';

-- Bookmarks: one row per (reader, story); bookmarking twice is still one bookmark.
create table bookmarks (
  user_id text not null references users(id) on delete cascade,
  story_id text not null references stories(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, story_id)
);
-- GET /bookmarks: the viewer's, most recent first, keyset-paged by (created_at, story_id).
create index bookmarks_user_created_idx on bookmarks (user_id, created_at desc, story_id desc);
-- bookmark_count per story and the trending window's bookmarks.
create index bookmarks_story_created_idx on bookmarks (story_id, created_at);

-- Reads, counted once per reader per story per day. reader_key is a hash (a user id, or a
-- visitor's address and browser mixed with a secret that changes daily); raw addresses are
-- never stored.
create table story_reads (
  story_id text not null references stories(id) on delete cascade,
  reader_key text not null,
  read_on date not null,
  created_at timestamptz not null default now(),
  primary key (story_id, read_on, reader_key)
);
-- The trending window's distinct readers per story.
create index story_reads_story_created_idx on story_reads (story_id, created_at);

-- Comments. author_id is null once the author's account is gone (shown as Anonymous);
-- deleting a comment deletes its replies.
create table comments (
  id text primary key,
  story_id text not null references stories(id) on delete cascade,
  author_id text references users(id) on delete set null,
  parent_id text references comments(id) on delete cascade,
  content text not null check (char_length(content) between 1 and 1000),
  moderation_status text not null default 'approved'
    check (moderation_status in ('pending', 'approved', 'rejected')),
  flagged_count int not null default 0,
  -- Inline notes: the range in the canonical text, the quoted passage and 32 characters of
  -- context each side, so the note can be found again when the text changes.
  anchor_start int,
  anchor_end int,
  quote text,
  quote_prefix text,
  quote_suffix text,
  -- The text changed and the passage could not be found again: kept, shown apart.
  is_orphaned boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((anchor_start is null) = (anchor_end is null)),
  check (anchor_start is null or (anchor_start >= 0 and anchor_end > anchor_start))
);
-- GET /comments/stories/{id}/comments (up to 500), oldest first; also comment_count
-- and the trending window's comments.
create index comments_story_created_idx on comments (story_id, created_at, id);
-- GET /admin/comments/pending, oldest first.
create index comments_pending_idx on comments (created_at, id) where moderation_status = 'pending';
create index comments_parent_idx on comments (parent_id) where parent_id is not null;
create index comments_author_idx on comments (author_id);

-- One report per reader per comment; flagged_count counts them.
create table comment_reports (
  comment_id text not null references comments(id) on delete cascade,
  reporter_id text not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (comment_id, reporter_id)
);
create index comment_reports_reporter_idx on comment_reports (reporter_id);
