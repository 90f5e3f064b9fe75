import type { PostType } from '@inkwell/contracts';
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
