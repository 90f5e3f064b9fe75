import { POST_TYPES, type Account, type Post, type PostType } from '@inkwell/contracts';
import { Button, Chip, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fieldErrors } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { Redirect } from '../../components/Redirect';
import { alert } from '../../lib/alerts';
import { CreatorPathSteps } from '../accounts';
import { useMyAccounts } from '../accounts/api';
import { Audience } from './Audience';
import { PostEditor, emptyDraft, payloadOf, useUploadsBusy, withoutMedia, type PostDraft } from './PostEditor';
import { postPath } from './paths';
import { POSTS_KEY, useCreatePost } from './api';
import { postQuery } from './queries';
import { useAutosave } from './autosave';
import { draftOfPost } from './draft';
import { DraftStatus } from './DraftStatus';
import { PageLoader } from '../../components/PageLoader';
import { useFieldErrors } from '../../lib/useFieldErrors';

// The date and time to publish at: only for a creator who chooses to schedule.
const SchedulePanel = lazy(async () => {
  const [panel] = await Promise.all([
    import('./SchedulePanel'),
    import('./toolsMessages').then((m) => m.loadToolsMessages()),
  ]);
  return { default: panel.SchedulePanel };
});

/**
 * Compose: one of my approved accounts, one of the six types, then Publish (off while uploads run) or Schedule.
 * What is written is kept as a draft as it is written; `?draft=<slug>` opens one where it was left.
 */
export function ComposePage() {
  const [params] = useSearchParams();
  const accounts = useMyAccounts();
  // The draft the page opened with: the address names each new draft as it is saved, which must not reopen it.
  const [slug] = useState(() => params.get('draft'));
  const resumed = useQuery({ ...postQuery(slug ?? ''), enabled: Boolean(slug) });
  if (accounts.isPending || (slug && resumed.isPending)) return <PageLoader />;
  const approved = (accounts.data?.data ?? []).filter((a) => a.approved_status === 'approved');
  // With no accounts, compose sends the person to their accounts (spec).
  if (approved.length === 0) return <Redirect to="/profile/accounts" replace />;
  const post = slug ? resumed.data?.data : undefined;
  // A draft that is one no longer (published meanwhile, on another device): a fresh composer.
  const draft = post && (post.status === 'draft' || post.status === 'scheduled') && post.can_modify ? post : null;
  return <Composer key={draft?.id ?? 'new'} approved={approved} resumed={draft} />;
}

function Composer({ approved, resumed }: { approved: Account[]; resumed: Post | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // `?account=` comes from a "Write your first post" offered for one account: that account is chosen.
  const [params] = useSearchParams();
  const create = useCreatePost();
  const client = useQueryClient();
  const [publishing, setPublishing] = useState(false);
  const [accountId, setAccountId] = useState<string | null>(resumed ? String(resumed.account_id) : null);
  const [type, setType] = useState<PostType>(resumed?.type ?? 'status');
  const [draft, setDraft] = useState<PostDraft>(() => (resumed ? draftOfPost(resumed) : emptyDraft()));
  const [errors, setErrors] = useFieldErrors(draft);
  const [scheduling, setScheduling] = useState(false);
  const uploads = useUploadsBusy();
  const asked = approved.find((a) => String(a.id) === params.get('account'));
  const chosen = accountId ?? String((asked ?? approved[0]!).id);
  const account = approved.find((a) => String(a.id) === chosen);
  const autosave = useAutosave({ accountId: Number(chosen), type, draft }, resumed);

  const done = (post: Post, scheduled: boolean) => {
    autosave.finish();
    alert('success', t(scheduled ? 'posts.schedule.done' : 'posts.published'));
    void navigate(scheduled ? '/profile/posts?tab=drafts' : postPath(post));
  };
  const failed = (error: unknown) => {
    setErrors(fieldErrors(error));
    alert('danger', errorMessage(error));
  };
  const publish = async (publishAt?: string) => {
    // Saved first (the latest words), then published or scheduled as the draft it is.
    const saved = await autosave.saveNow();
    if (saved) {
      setPublishing(true);
      try {
        const { publishDraft } = await import('./publishDraft');
        const res = await publishDraft(saved.id, publishAt);
        void client.invalidateQueries({ queryKey: POSTS_KEY });
        done(res.data, Boolean(publishAt));
      } catch (error) {
        failed(error);
      } finally {
        setPublishing(false);
      }
      return;
    }
    create.mutate(
      {
        account_id: Number(chosen),
        type,
        ...payloadOf(type, draft),
        min_tier_id: draft.min_tier_id,
        status: publishAt ? 'scheduled' : 'published',
        publish_at: publishAt,
      },
      { onSuccess: (res) => done(res.data, Boolean(publishAt)), onError: failed },
    );
  };
  const busy = create.isPending || publishing;

  return (
    <>
      <BackBar title={t('titles.compose')} to="/home" />
      <Stack gap="md">
        <CreatorPathSteps current="post" />
        <DraftStatus state={autosave.state} />
        {/* The phone's own picker: no positioning engine to download, and the list a phone user knows. */}
        <NativeSelect
          label={t('posts.post_as')}
          data={approved.map((a) => ({ value: String(a.id), label: `${a.name} · /a/${a.username}` }))}
          value={chosen}
          onChange={(event) => {
            setAccountId(event.currentTarget.value);
            // A tier is one account's: the next account's posts start public.
            setDraft((current) => ({ ...current, min_tier_id: null }));
          }}
        />
        <TypeChoice
          type={type}
          onChange={(next) => {
            setType(next);
            setErrors({});
            // The previous type's media does not carry over (an image is no audio file); its editor leaves
            // the screen, aborting any upload it runs, so Publish waits for nothing.
            setDraft(withoutMedia);
          }}
        />
        <PostEditor key={type} type={type} draft={draft} onChange={setDraft} errors={errors} track={uploads.track} />
        <Audience
          accountId={Number(chosen)}
          value={draft.min_tier_id}
          onChange={(min_tier_id) => setDraft((current) => ({ ...current, min_tier_id }))}
          error={errors.min_tier_id}
        />
        {scheduling ? (
          <Suspense fallback={null}>
            <SchedulePanel
              timeZone={account?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone}
              busy={busy}
              error={errors.publish_at}
              onSchedule={(at) => void publish(at)}
              onCancel={() => setScheduling(false)}
            />
          </Suspense>
        ) : (
          <Group grow>
            <Button size="md" variant="default" onClick={() => setScheduling(true)} disabled={uploads.busy || busy}>
              {t('posts.schedule.open')}
            </Button>
            <Button size="md" onClick={() => void publish()} loading={busy} disabled={uploads.busy}>
              {uploads.busy ? t('posts.wait_for_uploads') : t('posts.publish')}
            </Button>
          </Group>
        )}
      </Stack>
    </>
  );
}

/** The six types as chips (a radio group). */
function TypeChoice({ type, onChange }: { type: PostType; onChange: (type: PostType) => void }) {
  const { t } = useTranslation();
  return (
    <Chip.Group
      value={type}
      onChange={(v) => {
        if (v !== type) onChange(v as PostType);
      }}
    >
      <div role="radiogroup" aria-labelledby="post-type-label">
        <Text size="sm" fw={500} mb={6} id="post-type-label">
          {t('posts.type')}
        </Text>
        <Group gap="xs">
          {POST_TYPES.map((value) => (
            <Chip key={value} value={value} size="md">
              {t(`posts.types.${value}`)}
            </Chip>
          ))}
        </Group>
      </div>
    </Chip.Group>
  );
}
