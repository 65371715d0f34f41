-- A signed-in reader's public list is the visitors' page with their own state laid over it
-- (docs/decisions/074-signed-in-lists-over-the-visitors-page.md): among that state, their own
-- comments still waiting for a moderator on the page's stories (the count they see includes
-- them). Few comments are pending at a time, so the index stays small.
create index comments_pending_author_idx on comments (author_id, story_id) where moderation_status = 'pending';
