import { PRODUCT_NAME } from '@inkwell/contracts';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconShare, IconUserPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { NotFound, isNotFound } from '../../components/NotFound';
import { PageLoader } from '../../components/PageLoader';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { alert } from '../../lib/alerts';
import { numberFormat } from '../../lib/numbers';
import { useSignInFirst } from '../../session/returnTo';
import { useSession } from '../../session/session';
import { useFollowPack, usePackPage } from './queries';
import { usePackMessages } from './messages';
import { PackAccountCard } from './PackAccountCard';

/**
 * Shares the pack's address: the phone's own share sheet where there is one, else the link copied. A closed
 * share sheet is no failure.
 */
async function share(name: string, text: string, t: (key: string) => string) {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: name, text, url });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) alert('danger', t('packs.copy_failed'));
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    alert('success', t('packs.copied'));
  } catch {
    alert('danger', t('packs.copy_failed'));
  }
}

/**
 * A starter pack (`/packs/:id`, open to guests, as a shared link must be): its name, what it is for, who made it,
 * its accounts each with Follow, and Follow all (a guest is asked to sign in first and comes back here).
 */
export function PackPage() {
  const { t, i18n } = useTranslation();
  const ready = usePackMessages();
  const id = Number(useParams().id);
  const pack = usePackPage(id);
  const session = useSession();
  const signInFirst = useSignInFirst();
  const followAll = useFollowPack(id);
  const name = pack.data?.data.name;

  useEffect(() => {
    if (name) document.title = `${name} · ${PRODUCT_NAME}`;
  }, [name, i18n.language]);

  if (isNotFound(pack.error) || !(Number.isInteger(id) && id > 0)) return <NotFound />;
  if (!ready || pack.isPending) return <PageLoader />;
  if (pack.isError) return <Text c="red">{errorMessage(pack.error)}</Text>;
  const loaded = pack.data.data;

  const follow = () =>
    followAll.mutate(undefined, {
      onSuccess: ({ data }) =>
        alert(
          'success',
          data.followed === 0
            ? t('packs.already_all')
            : t('packs.followed_all', { count: data.followed, n: numberFormat(currentLocale()).format(data.followed) }),
        ),
      onError: (error) => alert('danger', errorMessage(error)),
    });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere', wordBreak: 'keep-all' }}>
          {loaded.name}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <UserAvatar url={loaded.creator.profile_url} name={loaded.creator.name} size={28} />
          <Text size="sm" c="dimmed" lineClamp={1}>
            {t('packs.by', { name: loaded.creator.name })}
            {' · '}
            {t('packs.accounts', {
              count: loaded.accounts_count,
              n: numberFormat(currentLocale()).format(loaded.accounts_count),
            })}
          </Text>
        </Group>
        {loaded.description && <Text style={{ whiteSpace: 'pre-line' }}>{loaded.description}</Text>}
      </Stack>
      <Group gap="sm" wrap="wrap">
        <Button
          leftSection={<IconUserPlus size={18} />}
          mih={44}
          loading={followAll.isPending}
          onClick={session ? follow : signInFirst}
        >
          {t('packs.follow_all')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconShare size={18} />}
          mih={44}
          onClick={() => void share(loaded.name, t('packs.share_text', { name: loaded.name }), t)}
        >
          {t('packs.share')}
        </Button>
        {loaded.can_modify && (
          <Button
            component={Link}
            to={`/packs/${loaded.id}/edit`}
            variant="subtle"
            leftSection={<IconEdit size={18} />}
            mih={44}
          >
            {t('packs.edit')}
          </Button>
        )}
      </Group>
      <Stack gap="sm" component="section" aria-labelledby="pack-accounts">
        <Title order={2} fz="h4" id="pack-accounts">
          {t('packs.accounts_title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {loaded.accounts.map((account) => (
            <PackAccountCard key={account.id} account={account} packId={loaded.id} />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
