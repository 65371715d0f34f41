-- Discovery: categories managed by admins, and full-text search over the listed stories
-- (docs/decisions/024-search-categories-and-tags.md).

create table categories (
  id text primary key,
  name text not null check (char_length(name) between 1 and 60),
  -- Derived from the name (lower case, words joined by hyphens); unique, so two names that
  -- differ only by case or punctuation cannot both exist.
  slug text not null unique,
  description text check (char_length(description) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A category with stories cannot be deleted until they are moved (DELETE …?move_to=).
alter table stories add column category_id text references categories(id) on delete restrict;

-- category_name is now the category's name, kept on the story (renames update it); the old
-- stand-in (the first tag, capitalised) named no category, so it goes.
update stories set category_name = null;

-- The category pages and counts: listed stories of one category, newest first.
create index stories_category_newest_idx on stories (category_id, published_at desc, id desc)
  where status = 'completed' and is_public and moderation_status = 'approved';

-- to_tsvector needs text; array_to_string is only stable, so a generated column cannot call it.
-- Joining with a space is immutable in fact: this wrapper says so.
create function story_tags_text(tags text[]) returns text
  language sql immutable parallel safe
  as $$ select array_to_string(tags, ' ') $$;

-- What search matches, weighted: the title first, then the tags, then the description and the
-- preview. The author's username is added in the query (it lives on users).
alter table stories add column search_document tsvector generated always as (
  setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english', story_tags_text(tags)), 'B') ||
  setweight(to_tsvector('english', coalesce(description, '')), 'C') ||
  setweight(to_tsvector('english', coalesce(preview, '')), 'D')
) stored;
