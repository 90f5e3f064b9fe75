import type { Post } from '@inkwell/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';
import { EditedMark } from './EditedMark';
import { postPath } from './paths';

/** A post's time on its card, a link to the post, with "· Edited" after it once it was edited (EditedMark). */
export function PostTime({ post }: { post: Post }) {
  return (
    <>
      <Anchor
        component={Link}
        to={postPath(post)}
        size="sm"
        c="dimmed"
        underline="hover"
        lh="44px"
        style={{ flexShrink: 0 }}
      >
        <RelativeTime value={post.created_at} />
      </Anchor>
      <EditedMark post={post} />
    </>
  );
}
