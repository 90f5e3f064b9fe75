import type { PageMeta } from '@inkwell/contracts';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The server's page links (already in the reader's language) as buttons, the current page highlighted (spec §2). */
export function ServerPagination({ meta, onPage }: { meta: PageMeta | undefined; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (!meta || meta.last_page <= 1) return null;
  const pageOf = (url: string | null) => {
    if (!url) return null;
    const n = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
    return Number.isFinite(n) ? n : null;
  };
  return (
    <Group component="nav" aria-label={t('admin.common.pagination')} gap={4} mt="md" wrap="wrap">
      {meta.links.map((link, index) => {
        const page = pageOf(link.url);
        return (
          <Button
            key={`${index}-${link.label}`}
            size="compact-md"
            miw={36}
            variant={link.active ? 'filled' : 'default'}
            aria-current={link.active ? 'page' : undefined}
            disabled={page === null}
            onClick={() => page !== null && onPage(page)}
          >
            {link.label}
          </Button>
        );
      })}
    </Group>
  );
}
