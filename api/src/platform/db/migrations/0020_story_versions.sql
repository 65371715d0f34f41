-- The writer's studio, versions (docs/decisions/054-story-versions.md): every change of a story's
-- text is kept as a version with its date and cause, so its owner can see what changed (a word
-- diff between a version and the one before) and restore one. A restore is a new version.
create table story_versions (
  story_id text not null references stories (id) on delete cascade,
  -- 1, 2, 3… in the order the versions were made, per story.
  number integer not null check (number >= 1),
  cause text not null check (
    cause in ('written', 'regenerated', 'confirmed', 'edited', 'rewritten', 'restored', 'chapter_added')
  ),
  -- The version a restore brought back.
  restored_from integer,
  title text not null,
  content jsonb not null,
  created_at timestamptz not null default now(),
  primary key (story_id, number)
);

-- When the text of a completed story last changed: readers see that it was revised.
alter table stories add column revised_at timestamptz;
