import { postShortPath, type Post } from '@inkwell/contracts';
import { Modal, NavLink } from '@mantine/core';
import { IconEdit, IconFlag, IconShare, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { confirmDelete } from '../../components/ConfirmDialog';
import { alert } from '../../lib/alerts';
import { useSession } from '../../session/session';
import { LazyReportDialog } from '../reports';
import { muteAccount } from '../safety';
import { useDeletePost } from './api';
import { PinActions } from './PinActions';

async function share(post: Post, t: (k: string) => string) {
  // The short form: a Thai or Burmese slug percent-encoded runs to hundreds of characters (it redirects there).
  const url = `${window.location.origin}${postShortPath(post.id)}`;
  try {
    if (navigator.share) await navigator.share({ title: post.title ?? post.account.name, url });
    else {
      await navigator.clipboard.writeText(url);
      alert('success', t('creators.link_copied'));
    }
  } catch (err) {
    // Share failures are only logged (spec §8); a closed share sheet is not a failure at all.
    if (!(err instanceof DOMException && err.name === 'AbortError')) console.warn('share failed', err);
  }
}

/**
 * Share; edit and delete only when the viewer may change the post (spec: actions dialog); report, and mute its
 * account, for a signed-in reader who is not one of its people.
 */
export function PostActions({
  post,
  opened,
  onClose,
  onDeleted,
}: {
  post: Post;
  opened: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeletePost();
  const session = useSession();
  const client = useQueryClient();
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <Modal opened={opened} onClose={onClose} title={t('posts.actions')} centered>
        <NavLink
          component="button"
          label={t('posts.share')}
          leftSection={<IconShare size={20} />}
          py="md"
          onClick={() => {
            onClose();
            void share(post, t);
          }}
        />
        {post.can_modify && (
          <NavLink
            component="button"
            label={t('posts.edit')}
            leftSection={<IconEdit size={20} />}
            py="md"
            onClick={() => void navigate(`/profile/posts/${encodeURIComponent(post.slug)}`)}
          />
        )}
        {post.can_modify && <PinActions post={post} onClose={onClose} />}
        {post.can_delete && (
          <>
            <NavLink
              component="button"
              c="red"
              label={t('posts.delete')}
              leftSection={<IconTrash size={20} />}
              py="md"
              onClick={() => {
                onClose();
                confirmDelete({
                  title: t('posts.delete'),
                  text: t('posts.delete_confirm'),
                  onConfirm: () =>
                    remove.mutate(post, {
                      onSuccess: () => {
                        alert('success', t('posts.deleted'));
                        onDeleted?.();
                      },
                      onError: (error) => alert('danger', errorMessage(error)),
                    }),
                });
              }}
            />
          </>
        )}
        {session && !post.can_modify && (
          <>
            <NavLink
              component="button"
              label={t('reports.report')}
              leftSection={<IconFlag size={20} />}
              py="md"
              onClick={() => {
                onClose();
                setReporting(true);
              }}
            />
            {!post.is_muted && (
              <NavLink
                component="button"
                label={t('safety.mute_name', { name: post.account.name })}
                leftSection={<IconUserOff size={20} />}
                py="md"
                onClick={() => {
                  onClose();
                  void muteAccount(client, post.account);
                }}
              />
            )}
          </>
        )}
      </Modal>
      <LazyReportDialog target={reporting ? { type: 'post', id: post.id } : null} onClose={() => setReporting(false)} />
    </>
  );
}
