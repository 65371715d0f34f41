-- Watch-live links (docs/decisions/069-watch-live-links.md): one unguessable token per story, made
-- by its owner and deleted when they revoke it. Anyone holding it watches the story's text arrive;
-- it opens nothing else (the token names one story).
create table watch_links (
  story_id text primary key references stories (id) on delete cascade,
  token text not null unique,
  created_at timestamptz not null default now()
);

-- The AI daily allowance (docs/decisions/070-ai-daily-allowance.md). One counter per person and
-- UTC day, raised by a guarded upsert so two requests at the edge cannot both pass.
create table ai_allowance_days (
  user_id text not null references users (id) on delete cascade,
  day date not null,
  used integer not null default 0 check (used >= 0),
  primary key (user_id, day)
);

-- One row per counted run (a generation, a regeneration, a rewrite, a continuation), with the
-- tokens the model reported once it has (null: none reported, as the offline writer).
create table ai_usage (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  story_id text references stories (id) on delete set null,
  kind text not null check (kind in ('generation', 'regeneration', 'rewrite', 'continuation')),
  prompt_tokens integer,
  completion_tokens integer,
  created_at timestamptz not null default now()
);
create index ai_usage_user_idx on ai_usage (user_id, created_at desc);
create index ai_usage_story_idx on ai_usage (story_id, created_at desc);
