-- Revising from readers' notes (docs/decisions/061-passage-rewrites.md): which passage notes a
-- rewrite followed. Once that rewrite is kept, each note "shaped this story" for its author.
create table rewrite_notes (
  rewrite_id text not null references passage_rewrites (id) on delete cascade,
  comment_id text not null references comments (id) on delete cascade,
  primary key (rewrite_id, comment_id)
);

create index rewrite_notes_comment_idx on rewrite_notes (comment_id);
