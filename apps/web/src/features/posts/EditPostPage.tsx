import type { Post } from '@inkwell/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorMessage, fieldErrors } from '../../api/client';
import { BackBar } from '../../components/BackBar';
import { alert } from '../../lib/alerts';
import { Audience } from './Audience';
import { PostEditor, payloadOf, useUploadsBusy, type PostDraft } from './PostEditor';
import { postPath } from './paths';
import { useUpdatePost } from './api';
import { useFieldErrors } from '../../lib/useFieldErrors';
import { WithPost } from './WithPost';
import { draftOfPost } from './draft';

/**
 * Edit a post with its type's editor; Update waits for uploads; success replaces the route with the post. A
 * person who may not edit it (the server's `can_modify`) is sent back to the post.
 */
export function EditPostPage() {
  const slug = useParams().slug ?? '';
  return (
    <WithPost slug={slug}>
      {(post) => (post.can_modify ? <EditForm post={post} /> : <Navigate to={postPath(post)} replace />)}
    </WithPost>
  );
}

function EditForm({ post }: { post: Post }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdatePost(post.id);
  const uploads = useUploadsBusy();
  const [draft, setDraft] = useState<PostDraft>(() => draftOfPost(post));
  const [errors, setErrors] = useFieldErrors(draft);
  const save = () =>
    update.mutate(
      // Who can read it is sent only when changed: left out, the server keeps it as it is.
      draft.min_tier_id === (post.min_tier?.id ?? null)
        ? payloadOf(post.type, draft)
        : { ...payloadOf(post.type, draft), min_tier_id: draft.min_tier_id },
      {
        onSuccess: (res) => {
          alert('success', t('posts.updated'));
          void navigate(postPath(res.data), { replace: true });
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          alert('danger', errorMessage(error));
        },
      },
    );
  return (
    <>
      <BackBar title={t('titles.edit_post')} to={postPath(post)} />
      <Stack gap="md">
        <PostEditor type={post.type} draft={draft} onChange={setDraft} errors={errors} track={uploads.track} />
        <Audience
          accountId={post.account_id}
          value={draft.min_tier_id}
          onChange={(min_tier_id) => setDraft((current) => ({ ...current, min_tier_id }))}
          error={errors.min_tier_id}
        />
        <Group grow>
          <Button variant="default" onClick={() => void navigate(postPath(post))}>
            {t('actions.back')}
          </Button>
          <Button onClick={save} loading={update.isPending} disabled={uploads.busy}>
            {t('actions.update')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
