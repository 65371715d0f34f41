-- Indexed search (docs/decisions/041-maintained-rankings-and-indexed-search.md): what search
-- matches and ranks, the story's search_document and its author's username, is stored in one
-- column with a GIN index over the listed stories, so a search neither joins users for every
-- candidate nor reads every story. The same vector the query built before: ranking and
-- highlights do not change.

alter table stories add column search_vector tsvector;

-- search_document (migration 0005) followed by the author's username at weight B. Computed here,
-- not read from search_document: a before trigger runs before generated columns are computed.
create function story_search_vector(title text, tags text[], description text, preview text, author_id text)
  returns tsvector language sql stable
  as $$ select
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', story_tags_text(tags)), 'B') ||
    setweight(to_tsvector('english', coalesce(description, '')), 'C') ||
    setweight(to_tsvector('english', coalesce(preview, '')), 'D') ||
    setweight(to_tsvector('english', coalesce((select username from users where id = author_id), '')), 'B') $$;

update stories set search_vector = story_search_vector(title, tags, description, preview, author_id);

create function stories_search_vector() returns trigger
  language plpgsql as $$
begin
  new.search_vector := story_search_vector(new.title, new.tags, new.description, new.preview, new.author_id);
  return new;
end $$;

create trigger stories_search_vector_insert before insert on stories
  for each row execute function stories_search_vector();
create trigger stories_search_vector_update before update of title, tags, description, preview, author_id on stories
  for each row when (
    old.title is distinct from new.title or old.tags is distinct from new.tags
    or old.description is distinct from new.description or old.preview is distinct from new.preview
    or old.author_id is distinct from new.author_id)
  execute function stories_search_vector();

-- A new username reaches its stories' vectors.
create function users_search_vector() returns trigger
  language plpgsql as $$
begin
  update stories
    set search_vector = story_search_vector(title, tags, description, preview, author_id)
    where author_id = new.id;
  return null;
end $$;

create trigger users_search_vector after update of username on users
  for each row when (old.username is distinct from new.username)
  execute function users_search_vector();

create index stories_search_idx on stories using gin (search_vector)
  where status = 'completed' and is_public and moderation_status = 'approved';
