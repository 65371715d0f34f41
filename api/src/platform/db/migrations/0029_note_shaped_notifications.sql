-- "A revision your note shaped" (docs/product.md#notifications, docs/decisions/056-notifications.md):
-- once an owner keeps a revision made from readers' notes (migrations/0022), each note's author
-- hears of it in their inbox. The kinds' check gains 'note_shaped'.
alter table notifications drop constraint notifications_kind_check;
alter table notifications add constraint notifications_kind_check check (
  kind in ('new_story', 'new_chapter', 'comment_reply', 'story_note', 'story_purchase', 'moderation_outcome', 'note_shaped')
);
