import type { Post } from '@inkwell/contracts';
import { Anchor, Image, Stack, Text, Title, Typography } from '@mantine/core';
import { Link } from 'react-router';
import { GalleryCarousel } from '../../components/GalleryCarousel';
import { AudioPlayer } from '../../components/media/AudioPlayer';
import { VideoPlayer } from '../../components/media/VideoPlayer';
import { excerpt } from './excerpt';

const postPath = (post: Post) => `/posts/${encodeURIComponent(post.slug)}`;

/** The part of a post that differs by type; `full` on the post page, an excerpt in lists. */
export function PostBody({ post, full }: { post: Post; full: boolean }) {
  const title = post.title && (
    <Title order={full ? 1 : 3} fz={full ? 'h2' : 'h4'}>
      {full ? (
        post.title
      ) : (
        <Anchor component={Link} to={postPath(post)} c="inherit" underline="hover">
          {post.title}
        </Anchor>
      )}
    </Title>
  );
  switch (post.type) {
    case 'status':
      return <Text style={{ whiteSpace: 'pre-wrap' }}>{post.content}</Text>;
    case 'post':
      return (
        <Stack gap="sm">
          {post.url && <Image src={post.url} alt="" radius="md" style={{ aspectRatio: '2 / 1' }} loading="lazy" />}
          {title}
          {full ? (
            <Typography>
              {/* Sanitised on the server with an allow-list when it was saved. */}
              <div dangerouslySetInnerHTML={{ __html: post.content ?? '' }} />
            </Typography>
          ) : (
            <Text c="dimmed">{excerpt(post.content ?? '')}</Text>
          )}
        </Stack>
      );
    case 'photo':
      return (
        <Stack gap="sm">
          {post.url && (
            <Image src={post.url} alt={post.title ?? ''} radius="md" style={{ aspectRatio: '2 / 1' }} loading="lazy" />
          )}
          {title}
          <Text style={{ whiteSpace: 'pre-wrap' }}>{full ? post.content : excerpt(post.content ?? '')}</Text>
        </Stack>
      );
    case 'gallery':
      return (
        <Stack gap="sm">
          {title}
          {post.content && <Text>{post.content}</Text>}
          <GalleryCarousel items={post.photos} title={post.title ?? ''} />
        </Stack>
      );
    case 'audio':
      return (
        <Stack gap="sm">
          {post.featured_photo_url && (
            <Image src={post.featured_photo_url} alt="" radius="md" mah={full ? 360 : 220} fit="cover" loading="lazy" />
          )}
          {title}
          {post.url && <AudioPlayer src={post.url} title={post.title ?? ''} />}
        </Stack>
      );
    case 'video':
      return (
        <Stack gap="sm">
          {post.url && (
            <VideoPlayer src={post.url} poster={post.featured_photo_url ?? undefined} title={post.title ?? ''} />
          )}
          {title}
          {post.content && <Text style={{ whiteSpace: 'pre-wrap' }}>{post.content}</Text>}
        </Stack>
      );
  }
}

export { postPath };
