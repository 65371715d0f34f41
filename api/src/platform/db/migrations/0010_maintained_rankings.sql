-- Maintained rankings and counts (docs/decisions/041-maintained-rankings-and-indexed-search.md):
-- Trending Now and sort=popular read a snapshot of scores taken at an instant, refreshed on an
-- interval, instead of scoring every listed story on every request; the counts of GET /tags and
-- GET /categories are kept by a trigger as stories enter and leave the public lists.

-- One ranking instant. Its scores go with it (retention: community/trending-snapshots.ts).
create table trending_snapshots (
  ranked_at timestamptz primary key,
  created_at timestamptz not null default now()
);

-- The stories with engagement inside the trending window before ranked_at, scored at ranked_at
-- by the documented formula (community/trending-rules.ts). Every other story published by then
-- scores by its age alone, which orders exactly like published_at: the list query merges the two.
create table trending_scores (
  ranked_at timestamptz not null references trending_snapshots(ranked_at) on delete cascade,
  story_id text not null references stories(id) on delete cascade,
  score float8 not null,
  published_at timestamptz not null,
  primary key (ranked_at, story_id)
);
-- A page of one snapshot's ranking, best first, ties as rankTrending breaks them.
create index trending_scores_rank_idx
  on trending_scores (ranked_at, score desc, published_at desc, story_id collate "C" desc);
create index trending_scores_story_idx on trending_scores (story_id);

-- Which stories had engagement in a window: a snapshot reads only the window's rows.
create index bookmarks_created_idx on bookmarks (created_at);
create index comments_approved_created_idx on comments (created_at)
  where moderation_status = 'approved';
create index story_reads_created_idx on story_reads (created_at);

-- Listed stories per category and per tag (ids lower-cased), and how often each spelling of a
-- tag is used (GET /tags shows the most used), kept by the statement triggers below.
alter table categories add column listed_story_count int not null default 0;

create table tag_counts (
  id text primary key,
  story_count int not null
);
create index tag_counts_popular_idx on tag_counts (story_count desc, id);

create table tag_spellings (
  tag_id text not null,
  spelling text not null,
  uses int not null,
  primary key (tag_id, spelling)
);

-- Whether a row of stories is listed (story-card-queries.ts isListed).
create function story_is_listed(status text, is_public boolean, moderation text, published timestamptz)
  returns boolean language sql immutable parallel safe
  as $$ select coalesce(status = 'completed' and is_public and moderation = 'approved' and published is not null, false) $$;

-- Applies the changes of one statement: `changes` is a JSON array of {c: category, t: tags, d: 1
-- or -1}, a story leaving the lists with -1 and one entering with 1 (an update gives both). One
-- statement for the lot, in a fixed order: a bulk insert updates each count once, not per row.
create function apply_listing_changes(changes jsonb) returns void
  language sql as $$
  update categories set listed_story_count = listed_story_count + delta.n
    from (select change->>'c' as id, sum((change->>'d')::int) as n
          from jsonb_array_elements(changes) as change where change->>'c' is not null
          group by 1 order by 1) as delta
    where categories.id = delta.id and delta.n <> 0;
  insert into tag_counts as counted (id, story_count)
    select tag_id, sum(d) from (
      select distinct lower(tag.value) as tag_id, ordinality_story, (change->>'d')::int as d
      from jsonb_array_elements(changes) with ordinality as story(change, ordinality_story)
      cross join lateral jsonb_array_elements_text(change->'t') as tag(value)) as each_story
    group by 1 order by 1
    on conflict (id) do update set story_count = counted.story_count + excluded.story_count;
  insert into tag_spellings as spelt (tag_id, spelling, uses)
    select lower(tag.value), tag.value, sum((change->>'d')::int)
    from jsonb_array_elements(changes) as change
    cross join lateral jsonb_array_elements_text(change->'t') as tag(value)
    group by 1, 2 order by 1, 2
    on conflict (tag_id, spelling) do update set uses = spelt.uses + excluded.uses;
  delete from tag_counts where story_count <= 0;
  delete from tag_spellings where uses <= 0;
$$;

-- The listed rows of a transition table, as apply_listing_changes takes them.
create function stories_listing_insert() returns trigger
  language plpgsql as $$
begin
  perform apply_listing_changes(changes) from (select (select jsonb_agg(jsonb_build_object('c', category_id, 't', to_jsonb(tags), 'd', 1))
    from new_rows where story_is_listed(status, is_public, moderation_status, published_at)) as changes) as listed where changes is not null;
  return null;
end $$;

create function stories_listing_delete() returns trigger
  language plpgsql as $$
begin
  perform apply_listing_changes(changes) from (select (select jsonb_agg(jsonb_build_object('c', category_id, 't', to_jsonb(tags), 'd', -1))
    from old_rows where story_is_listed(status, is_public, moderation_status, published_at)) as changes) as listed where changes is not null;
  return null;
end $$;

-- An update: what left (old rows) and what entered (new rows); a row listed before and after with
-- the same category and tags adds and takes one, which cancels out, so only changes are applied.
create function stories_listing_update() returns trigger
  language plpgsql as $$
begin
  perform apply_listing_changes(changes) from (select (select jsonb_agg(change) from (
      select jsonb_build_object('c', o.category_id, 't', to_jsonb(o.tags), 'd', -1) as change
        from old_rows as o join new_rows as n on n.id = o.id
        where story_is_listed(o.status, o.is_public, o.moderation_status, o.published_at)
          and not (story_is_listed(n.status, n.is_public, n.moderation_status, n.published_at)
            and n.category_id is not distinct from o.category_id and n.tags = o.tags)
      union all
      select jsonb_build_object('c', n.category_id, 't', to_jsonb(n.tags), 'd', 1)
        from old_rows as o join new_rows as n on n.id = o.id
        where story_is_listed(n.status, n.is_public, n.moderation_status, n.published_at)
          and not (story_is_listed(o.status, o.is_public, o.moderation_status, o.published_at)
            and n.category_id is not distinct from o.category_id and n.tags = o.tags)) as changes) as changes) as listed where changes is not null;
  return null;
end $$;

create trigger stories_listing_counts_insert after insert on stories
  referencing new table as new_rows
  for each statement execute function stories_listing_insert();
create trigger stories_listing_counts_delete after delete on stories
  referencing old table as old_rows
  for each statement execute function stories_listing_delete();
create trigger stories_listing_counts_update after update on stories
  referencing old table as old_rows new table as new_rows
  for each statement execute function stories_listing_update();

-- The counts of the stories already there.
update categories set listed_story_count = (
  select count(*) from stories
  where stories.category_id = categories.id
    and story_is_listed(status, is_public, moderation_status, published_at));
insert into tag_counts (id, story_count)
  select lower(tag), count(distinct stories.id) from stories cross join lateral unnest(tags) as tag
  where story_is_listed(status, is_public, moderation_status, published_at)
  group by lower(tag);
insert into tag_spellings (tag_id, spelling, uses)
  select lower(tag), tag, count(*) from stories cross join lateral unnest(tags) as tag
  where story_is_listed(status, is_public, moderation_status, published_at)
  group by lower(tag), tag;
