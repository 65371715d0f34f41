-- Stories and their pictures. The row is also the generation job: status 'generating' (or
-- images_state 'pending') plus a lease that workers claim with SKIP LOCKED
-- (docs/decisions/008-story-generation-pipeline.md).
create table stories (
  id text primary key,
  -- The id in URLs (/stories/{public_id}); short and URL-safe.
  public_id text not null unique,
  author_id text not null references users(id) on delete cascade,
  title text not null,
  description text,
  outline text not null,
  tags text[] not null default '{}',
  theme_keywords text[] not null default '{}',
  desired_length text not null check (desired_length in ('short', 'medium', 'long')),
  nastiness_level text not null check (nastiness_level in ('light', 'medium', 'heavy')),
  status text not null
    check (status in ('generating', 'ready_for_review', 'completed', 'error', 'discarded')),
  is_public boolean not null default false,
  -- Checkpoints of the writer: its plan, then the chapters written so far (the final content).
  plan jsonb,
  content jsonb,
  preview text,
  category_name text,
  progress int not null default 0 check (progress between 0 and 100),
  status_message text,
  error text,
  -- Bumped on every restart and discard: a worker writes only rows of the generation it claimed.
  generation int not null default 1,
  images_state text not null default 'done' check (images_state in ('pending', 'done')),
  images_album_art_only boolean not null default false,
  images_variant int not null default 0,
  lease_owner text,
  lease_expires_at timestamptz,
  attempt int not null default 0,
  -- Incremented by every state change pushed to the live channel; pg_notify carries it.
  event_seq bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);

-- My Stories, newest first, paged by (created_at, id).
create index stories_author_created_idx on stories (author_id, created_at desc, id desc);
-- The workers' claim query looks only at rows with work to do.
create index stories_claimable_idx on stories (lease_expires_at)
  where status = 'generating' or images_state = 'pending';

create table story_media (
  id text primary key,
  story_id text not null references stories(id) on delete cascade,
  generation int not null,
  role text not null check (role in ('cover', 'chapter')),
  chapter_index int,
  paragraph_index int,
  alt_text text not null,
  caption text,
  content_type text not null,
  bytes bytea not null,
  -- sha256 hex of the bytes, first 32 characters: the HTTP ETag.
  etag text not null,
  created_at timestamptz not null default now()
);

create index story_media_story_idx on story_media (story_id);
