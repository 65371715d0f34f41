-- Pictures in object storage (docs/decisions/028-pictures-in-object-storage.md). When the api is
-- configured with an S3-compatible bucket, a picture's bytes live there under storage_key and the
-- row keeps only the key (bytes null); without one, bytes stay here as before.
alter table story_media alter column bytes drop not null;
alter table story_media add column storage_key text;
-- While the story is listed: the public copy's key and the URL a CDN serves it at (a share of the
-- bucket readable by anyone); null otherwise, and then the api serves the picture after its check.
alter table story_media add column public_key text;
alter table story_media add column public_url text;
alter table story_media
  add constraint story_media_bytes_or_key check (bytes is not null or storage_key is not null);
