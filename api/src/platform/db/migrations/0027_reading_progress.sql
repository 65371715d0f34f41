-- A reader's library and where they stopped (docs/product.md#reading-progress,
-- docs/decisions/058-reading-progress-anchoring.md): one row per reader per story, with its state
-- and the place they reached, kept as an anchor in the canonical text (an offset and the words
-- there) so it is found again after the owner edits the story or adds a chapter.
create table reading_progress (
  user_id text not null references users (id) on delete cascade,
  story_id text not null references stories (id) on delete cascade,
  state text not null check (state in ('reading', 'finished', 'later')),
  -- The place reached: null until the reader scrolled (a story kept for later).
  anchor_start integer check (anchor_start >= 0),
  quote text,
  quote_prefix text,
  quote_suffix text,
  -- The story's latest version when the reader last read it (migrations/0020), and the one they
  -- read before that, so "what changed since you read" still has its start once they read on.
  read_version integer,
  previous_version integer,
  read_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (user_id, story_id)
);

-- A reader's library page by state, most recently touched first.
create index reading_progress_library_idx on reading_progress (user_id, state, updated_at desc, story_id);
