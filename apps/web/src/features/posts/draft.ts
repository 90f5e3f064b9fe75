import type { Post, PostType } from '@inkwell/contracts';
import type { GalleryItem } from '../../components/GalleryEditor';

/** What the composer holds of a post being written or edited, whatever its type. */
export interface PostDraft {
  title: string;
  content: string;
  url: string | null;
  featured_photo_url: string | null;
  /** The description of its one image (a photo's or article's `url`, an audio or video cover). */
  featured_photo_alt: string;
  photos: GalleryItem[];
  /** Members-only from this tier of the account up; null: everyone reads it. */
  min_tier_id: number | null;
}

/** What every type's editor takes: the type, the draft and its updater, the errors, the upload tracker. */
export interface PostEditorProps {
  type: PostType;
  draft: PostDraft;
  onChange: (update: (draft: PostDraft) => PostDraft) => void;
  errors: Record<string, string>;
  track: (slot: string) => (busy: boolean) => void;
}

/** What the composer holds of a post it opens: a draft resumed, or a post being edited. */
export const draftOfPost = (post: Post): PostDraft => ({
  title: post.title ?? '',
  content: post.content ?? '',
  url: post.url,
  featured_photo_url: post.featured_photo_url,
  featured_photo_alt: post.featured_photo_alt ?? '',
  photos: post.photos,
  min_tier_id: post.min_tier?.id ?? null,
});
