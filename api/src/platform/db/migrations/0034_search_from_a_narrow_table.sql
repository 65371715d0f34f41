-- Search ranks from a narrow table of the listed stories' vectors
-- (docs/decisions/080-search-ranks-from-a-narrow-table.md). Ranking must read every match's stored
-- vector (ts_rank_cd needs its positions, which the GIN index does not keep); read from `stories`
-- that was one wide row, often one page, per match: some 13,000 pages for a common word at a
-- million stories. Here a match is a row of a few hundred bytes, many to a page.
create table story_search (
  story_id text primary key references stories (id) on delete cascade,
  published_at timestamptz not null,
  search_vector tsvector not null
);

-- Listed as every public list says it: story_is_listed (migration 0010).
insert into story_search (story_id, published_at, search_vector)
  select id, published_at, coalesce(search_vector, ''::tsvector) from stories
  where story_is_listed(status, is_public, moderation_status, published_at);

create index story_search_idx on story_search using gin (search_vector);
-- Its work moves here: nothing else searched `stories` by its vector.
drop index stories_search_idx;

-- Rows inserted together (the catalogue's bulk fills, a restore) go in with one statement.
create function story_search_inserted() returns trigger
  language plpgsql as $$
begin
  insert into story_search (story_id, published_at, search_vector)
    select id, published_at, coalesce(search_vector, ''::tsvector) from inserted
    where story_is_listed(status, is_public, moderation_status, published_at);
  return null;
end $$;

create trigger stories_search_inserted after insert on stories
  referencing new table as inserted
  for each statement execute function story_search_inserted();

-- A story listed or unlisted, published again, or whose vector changed (its text, its tags, its
-- author's name: the before triggers of migration 0011 compute it first).
create function story_search_updated() returns trigger
  language plpgsql as $$
begin
  if story_is_listed(new.status, new.is_public, new.moderation_status, new.published_at) then
    insert into story_search (story_id, published_at, search_vector)
      values (new.id, new.published_at, coalesce(new.search_vector, ''::tsvector))
      on conflict (story_id) do update
        set published_at = excluded.published_at, search_vector = excluded.search_vector;
  else
    delete from story_search where story_id = new.id;
  end if;
  return null;
end $$;

create trigger stories_search_updated after update on stories
  for each row when (
    old.search_vector is distinct from new.search_vector or old.status is distinct from new.status
    or old.is_public is distinct from new.is_public
    or old.moderation_status is distinct from new.moderation_status
    or old.published_at is distinct from new.published_at)
  execute function story_search_updated();
