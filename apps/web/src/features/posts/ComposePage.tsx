import { POST_TYPES, type PostType } from '@inkwell/contracts';
import { Button, Chip, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
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
import { useCreatePost } from './api';
import { PageLoader } from '../../components/PageLoader';
import { useFieldErrors } from '../../lib/useFieldErrors';

/** Compose: one of my approved accounts, one of the six types, then Publish (off while uploads run). */
export function ComposePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // `?account=` comes from a "Write your first post" offered for one account: that account is chosen.
  const [params] = useSearchParams();
  const accounts = useMyAccounts();
  const create = useCreatePost();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [type, setType] = useState<PostType>('status');
  const [draft, setDraft] = useState<PostDraft>(emptyDraft);
  const [errors, setErrors] = useFieldErrors(draft);
  const uploads = useUploadsBusy();

  if (accounts.isPending) {
    return <PageLoader />;
  }
  const approved = (accounts.data?.data ?? []).filter((a) => a.approved_status === 'approved');
  // With no accounts, compose sends the person to their accounts (spec).
  if (approved.length === 0) return <Redirect to="/profile/accounts" replace />;
  const asked = approved.find((a) => String(a.id) === params.get('account'));
  const chosen = accountId ?? String((asked ?? approved[0]!).id);

  const publish = () =>
    create.mutate(
      { account_id: Number(chosen), type, ...payloadOf(type, draft), min_tier_id: draft.min_tier_id },
      {
        onSuccess: (res) => {
          alert('success', t('posts.published'));
          void navigate(postPath(res.data));
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          alert('danger', errorMessage(error));
        },
      },
    );

  return (
    <>
      <BackBar title={t('titles.compose')} to="/home" />
      <Stack gap="md">
        <CreatorPathSteps current="post" />
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
        <Chip.Group
          value={type}
          onChange={(v) => {
            if (v === type) return;
            setType(v as PostType);
            setErrors({});
            // The previous type's media does not carry over (an image is no audio file); its editor leaves
            // the screen, aborting any upload it runs, so Publish waits for nothing.
            setDraft(withoutMedia);
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
        <PostEditor key={type} type={type} draft={draft} onChange={setDraft} errors={errors} track={uploads.track} />
        <Audience
          accountId={Number(chosen)}
          value={draft.min_tier_id}
          onChange={(min_tier_id) => setDraft((current) => ({ ...current, min_tier_id }))}
          error={errors.min_tier_id}
        />
        <Button size="md" onClick={publish} loading={create.isPending} disabled={uploads.busy}>
          {uploads.busy ? t('posts.wait_for_uploads') : t('posts.publish')}
        </Button>
      </Stack>
    </>
  );
}
