-- Continue the story (docs/decisions/062-continue-the-story.md): the owner of a completed story
-- asks for a next chapter. The story row stays the job, as for pictures: while the chapter is
-- written, reviewed or failed, `continuation_state` says so and `continuation` holds its request
-- and its text so far; readers keep reading the story as it is. On confirm the chapter joins the
-- content (a version "chapter_added") and `chapter_added_at` tells followers of the writer.
alter table stories add column continuation_state text
  check (continuation_state in ('writing', 'ready_for_review', 'error'));
-- {"id": the request's id (a new request makes a running worker stop), "direction": text or null,
--  "chapter": {"title", "paragraphs"} or null, "error": text or null}
alter table stories add column continuation jsonb;
alter table stories add column chapter_added_at timestamptz;

-- The workers' claim looks at chapters to write too.
drop index stories_claimable_idx;
create index stories_claimable_idx on stories (lease_expires_at)
  where status = 'generating' or images_state = 'pending' or continuation_state = 'writing';
