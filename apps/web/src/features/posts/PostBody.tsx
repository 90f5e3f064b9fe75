import type { Post } from '@inkwell/contracts';
import { Anchor, Box, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { GalleryFirstPhoto } from '../../components/GalleryFirstPhoto';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { useFirstScreenDone } from '../../lib/afterFirstScreen';
import { PHOTO_MAX_HEIGHT, photoBoxStyle } from '../../lib/imageBox';
import { excerpt } from './excerpt';
import { postPath } from './paths';
import a11y from '../../components/a11y.module.css';

// The players come with the first audio or video post shown, not with every feed, and in a list only once the
// first screen is done (lib/afterFirstScreen); until then a frame of their exact size keeps the place (a video's
// with its poster), so nothing moves when they arrive.
// The carousel (Embla and its controls) comes after the first screen, and only for a gallery nearing the view
// (setting one up measures the page: a feed of galleries cost a slow phone a long pause on arrival): until then a
// gallery shows its first photo in the very frame the carousel will use, so nothing moves when it arrives.
const GalleryCarousel = lazy(async () => ({
  default: (await import('../../components/GalleryCarousel')).GalleryCarousel,
}));
const AudioPlayer = lazy(async () => ({ default: (await import('../../components/media/AudioPlayer')).AudioPlayer }));
// Links for #tags and @mentions come once the first screen is done, for a post that has any: the words stand as
// plain text until then, and in the very same place.
const loadLinked = () => import('../../components/text/textDoors').then((doors) => doors.loadLinkedText());
const LinkedText = lazy(async () => ({ default: (await loadLinked()).LinkedText }));
const LinkedHtml = lazy(async () => ({ default: (await loadLinked()).LinkedHtml }));
const VideoPlayer = lazy(async () => ({ default: (await import('../../components/media/VideoPlayer')).VideoPlayer }));
// A player remembers where the reader stopped by the post, not its address: a members-only post's is signed anew.
const playerProps = (post: Post, url: string) => ({ src: url, title: post.title ?? '', mediaKey: `post:${post.id}` });
const videoProps = (post: Post, url: string) => ({
  ...playerProps(post, url),
  hlsUrl: post.hls_url,
  thumbnailsUrl: post.thumbnails_url,
  poster: post.featured_photo_url ?? undefined,
});
const audioFrame = (
  <Paper withBorder radius="md" p="sm">
    <Box h={44} />
  </Paper>
);
// Until the player comes, its poster stands in its place, described as the creator described it.
const videoFrame = (poster: string | null | undefined, alt?: string | null) => (
  <Box
    role={poster && alt ? 'img' : undefined}
    aria-label={poster && alt ? alt : undefined}
    bg="black"
    style={{
      borderRadius: 'var(--mantine-radius-md)',
      aspectRatio: '16 / 9',
      background: poster ? `black center / contain no-repeat url("${encodeURI(poster)}")` : undefined,
    }}
  />
);

/**
 * Its words with their #tags and @mentions as links, for a post that has any, once the first screen is done (see
 * LinkedText above): `words` for plain text, `body` for an article's HTML.
 */
function linkedWords(post: Post, later: boolean) {
  const linked = later && post.tags.length + post.mentions.length > 0;
  const words = (text: string) =>
    linked ? (
      <Suspense fallback={text}>
        <LinkedText text={text} mentions={post.mentions} tags={post.tags} />
      </Suspense>
    ) : (
      text
    );
  // Sanitised on the server with an allow-list when it was saved.
  const html = <div dangerouslySetInnerHTML={{ __html: post.content ?? '' }} />;
  const body = linked ? (
    <Suspense fallback={html}>
      <LinkedHtml html={post.content ?? ''} mentions={post.mentions} tags={post.tags} />
    </Suspense>
  ) : (
    html
  );
  return { words, body };
}

/** A photo in a list leaves room for the next post on a phone's screen. */
const LIST_PHOTO_MAX_HEIGHT = '60vh';

/** Whether the post shows an image (`<img>`, not a video's poster) of its own. */
export function hasImage(post: Post): boolean {
  switch (post.type) {
    case 'post':
    case 'photo':
      return Boolean(post.url);
    case 'gallery':
      return post.photos.length > 0;
    case 'audio':
      return Boolean(post.featured_photo_url);
    default:
      return false;
  }
}

function Gallery({ post, priority }: { post: Post; priority: boolean }) {
  const { ref, entry } = useIntersection({ rootMargin: '300px' });
  const [near, setNear] = useState(false);
  const firstScreenDone = useFirstScreenDone();
  useEffect(() => {
    if (entry?.isIntersecting && firstScreenDone) startTransition(() => setNear(true));
  }, [entry?.isIntersecting, firstScreenDone]);
  const first = <GalleryFirstPhoto items={post.photos} priority={priority} />;
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={first}>
          <GalleryCarousel items={post.photos} title={post.title ?? ''} priority={priority} />
        </Suspense>
      ) : (
        first
      )}
    </div>
  );
}

/** Its title: the page's h1, or in a list the level under it (h3 skipped a level: axe's heading-order). */
const titleOf = (post: Post, full: boolean, lang: string | undefined) =>
  post.title && (
    <Title order={full ? 1 : 2} fz={full ? 'h2' : 'h4'} lang={lang}>
      {full ? (
        post.title
      ) : (
        <Anchor component={Link} to={postPath(post)} c="inherit" underline="hover" className={a11y.link}>
          {post.title}
        </Anchor>
      )}
    </Title>
  );

/**
 * The part of a post that differs by type; `full` on the post page, an excerpt in lists. `priority` marks its
 * image as the page's likely largest paint: fetched at once rather than lazily.
 */
export function PostBody({ post, full, priority = false }: { post: Post; full: boolean; priority?: boolean }) {
  // On its own page the player is what the reader came for: at once.
  const later = useFirstScreenDone();
  const playerNow = later || full;
  // Screen readers speak it, and the browser picks its fonts and line breaks, in the post's language.
  const lang = post.language === 'other' ? undefined : post.language;
  const { words, body } = linkedWords(post, later);
  // What the creator wrote the picture shows (none: the picture is decoration, as a title says the rest).
  const alt = post.featured_photo_alt ?? '';
  const title = titleOf(post, full, lang);
  switch (post.type) {
    case 'status':
      return (
        <Text style={{ whiteSpace: 'pre-wrap' }} lang={lang}>
          {words(post.content ?? '')}
        </Text>
      );
    case 'post':
      return (
        <Stack gap="sm">
          {post.url && (
            <ResponsiveImage
              url={post.url}
              alt={alt}
              radius="md"
              priority={priority}
              style={{ aspectRatio: '2 / 1' }}
            />
          )}
          {title}
          {full ? (
            <Typography lang={lang}>{body}</Typography>
          ) : (
            <Text c="dimmed" lang={lang}>
              {words(excerpt(post.content ?? ''))}
            </Text>
          )}
        </Stack>
      );
    case 'photo':
      return (
        <Stack gap="sm">
          {post.url && (
            // Whole, in the photo's own shape (a 4:3 picture stays 4:3); shorter in lists than on its page.
            <ResponsiveImage
              url={post.url}
              alt={post.featured_photo_alt ?? post.title ?? ''}
              radius="md"
              priority={priority}
              style={photoBoxStyle(post.url, full ? PHOTO_MAX_HEIGHT : LIST_PHOTO_MAX_HEIGHT)}
            />
          )}
          {title}
          <Text style={{ whiteSpace: 'pre-wrap' }} lang={lang}>
            {words(full ? (post.content ?? '') : excerpt(post.content ?? ''))}
          </Text>
        </Stack>
      );
    case 'gallery':
      return (
        <Stack gap="sm">
          {title}
          {post.content && <Text lang={lang}>{words(post.content)}</Text>}
          <Gallery post={post} priority={priority} />
        </Stack>
      );
    case 'audio':
      return (
        <Stack gap="sm">
          {post.featured_photo_url && (
            // An audio cover is square (uploaded as one): drawn square, never cut into a strip.
            <ResponsiveImage
              url={post.featured_photo_url}
              alt={alt}
              radius="md"
              sizes={`${full ? 360 : 220}px`}
              fit="cover"
              priority={priority}
              style={{ width: `min(100%, ${full ? 360 : 220}px)`, aspectRatio: '1 / 1' }}
            />
          )}
          {title}
          {post.url &&
            (playerNow ? (
              <Suspense fallback={audioFrame}>
                <AudioPlayer {...playerProps(post, post.url)} lowDataUrl={post.low_data_url} />
              </Suspense>
            ) : (
              audioFrame
            ))}
        </Stack>
      );
    case 'video':
      return (
        <Stack gap="sm">
          {post.url &&
            (playerNow ? (
              <Suspense fallback={videoFrame(post.featured_photo_url, post.featured_photo_alt)}>
                <VideoPlayer {...videoProps(post, post.url)} />
              </Suspense>
            ) : (
              videoFrame(post.featured_photo_url, post.featured_photo_alt)
            ))}
          {title}
          {post.content && (
            <Text style={{ whiteSpace: 'pre-wrap' }} lang={lang}>
              {words(post.content)}
            </Text>
          )}
        </Stack>
      );
  }
}
