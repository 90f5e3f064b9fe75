import { languageOf, type TagHit } from '@inkwell/contracts';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tagPath } from '../../components/text/linkify';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import classes from './search.module.css';

/** How a tag's script reads aloud and breaks (a Burmese tag on an English screen): its language, when known. */
export const tagLang = (tag: string) => {
  const language = languageOf(tag);
  return language === 'other' ? undefined : language;
};

/** "#tag · 12 posts", a link to the tag's page. */
export function TagPill({ hit }: { hit: TagHit }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={tagPath(hit.tag)}
      variant="light"
      radius="xl"
      size="sm"
      className={classes.pill}
      rightSection={
        <span style={{ fontWeight: 400 }}>
          {t('tags.posts_count', { count: hit.posts_count, n: numberFormat(currentLocale()).format(hit.posts_count) })}
        </span>
      }
    >
      <span lang={tagLang(hit.tag)}>#{hit.tag}</span>
    </Button>
  );
}
