-- The writer's studio, rewriting a passage (docs/decisions/061-passage-rewrites.md): the owner
-- selects text inside one chapter and an instruction; the rewriter writes alternatives into this
-- row as they grow. The owner keeps one (a new version, cause rewritten) or the original; every
-- rewrite stays listed with its alternatives.
create table passage_rewrites (
  id text primary key,
  story_id text not null references stories (id) on delete cascade,
  owner_id text not null references users (id) on delete cascade,
  chapter_index integer not null check (chapter_index >= 0),
  -- The selection in the story's canonical text (paragraphs joined by a blank line).
  range_start integer not null check (range_start >= 0),
  range_end integer not null check (range_end > range_start),
  original text not null,
  instruction_kind text not null check (
    instruction_kind in ('shorter', 'longer', 'more_dialogue', 'darker', 'lighter', 'custom', 'notes')
  ),
  instruction_text text,
  status text not null default 'writing' check (
    status in ('writing', 'ready', 'kept', 'original_kept', 'failed')
  ),
  -- The alternatives' text so far, in order.
  alternatives jsonb not null default '[]'::jsonb,
  kept_alternative integer,
  -- The version the kept alternative made.
  kept_version integer,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index passage_rewrites_story_idx on passage_rewrites (story_id, created_at desc);

-- One rewrite at a time per story: a second one while another is written is refused (409).
create unique index passage_rewrites_one_writing on passage_rewrites (story_id)
  where status = 'writing';
