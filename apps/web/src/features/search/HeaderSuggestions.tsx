import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tagPath } from '../../components/text/linkify';
import {
  SuggestionList,
  TagSign,
  useFieldAria,
  usePaused,
  useSuggestionKeys,
  type Suggestion,
} from '../../components/text/SuggestionList';
import { UserAvatar } from '../../components/UserAvatar';
import { currentLocale } from '../../i18n';
import { numberFormat } from '../../lib/numbers';
import { useSuggestions } from './api';
import { useSearchMessages } from './messages';

interface Target extends Suggestion {
  to: string;
}

/** Whether the field has the focus, and the query as it stood when an input method started composing a word. */
function useFieldState(input: RefObject<HTMLInputElement | null>) {
  const [focused, setFocused] = useState(() => document.activeElement === input.current);
  const [composing, setComposing] = useState<string | null>(null);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const focus = () => setFocused(true);
    const blur = () => setFocused(false);
    const start = () => setComposing(el.value);
    const end = () => setComposing(null);
    // Searching (Enter with nothing chosen) is done with the box: a phone's keyboard makes way for the results.
    const searched = () => el.blur();
    el.form?.addEventListener('submit', searched);
    el.addEventListener('focus', focus);
    el.addEventListener('blur', blur);
    el.addEventListener('compositionstart', start);
    el.addEventListener('compositionend', end);
    return () => {
      el.form?.removeEventListener('submit', searched);
      el.removeEventListener('focus', focus);
      el.removeEventListener('blur', blur);
      el.removeEventListener('compositionstart', start);
      el.removeEventListener('compositionend', end);
    };
  }, [input]);
  return { focused, composing };
}

/**
 * The header search box's suggestions as one types (after a pause of 150 ms): accounts, people and tags, then
 * "Search for …". Arrows choose one and Enter opens it; with none chosen, Enter searches as it always did (the
 * box's form). Loaded with the first keystroke (app/shell/ShellHeader.tsx), attached to the box by its ref. While an
 * input method composes a word, the suggestions stay those of the word before: the half-made one is no query.
 */
export default function HeaderSuggestions({ input, q }: { input: RefObject<HTMLInputElement | null>; q: string }) {
  const { t } = useTranslation();
  const ready = useSearchMessages();
  const navigate = useNavigate();
  const listId = useId();
  const { focused, composing } = useFieldState(input);
  const typed = (composing ?? q).trim();
  const query = usePaused(typed);
  const data = useSuggestions(query).data?.data;
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [chosen, setChosen] = useState({ list: '', index: -1 });

  const targets: Target[] =
    ready && data && typed
      ? [
          ...data.accounts.map((a) => ({
            key: `a${a.id}`,
            group: t('search.tabs.accounts'),
            icon: <UserAvatar url={a.profile_url} name={a.name} size={28} />,
            label: a.name,
            detail: `/a/${a.username}`,
            to: `/a/${a.username}`,
          })),
          ...data.users.map((u) => ({
            key: `u${u.id}`,
            group: t('search.tabs.users'),
            icon: <UserAvatar url={u.profile_url} name={u.name} size={28} />,
            label: u.name,
            detail: `@${u.username}`,
            to: `/u/${u.id}`,
          })),
          ...data.tags.map((tag) => ({
            key: `t${tag.tag}`,
            group: t('search.tabs.tags'),
            icon: <TagSign />,
            label: `#${tag.tag}`,
            detail: t('tags.posts_count', {
              count: tag.posts_count,
              n: numberFormat(currentLocale()).format(tag.posts_count),
            }),
            to: tagPath(tag.tag),
          })),
          {
            key: 'search',
            icon: <IconSearch size={20} aria-hidden />,
            label: t('search.search_for', { q: typed }),
            to: `/search?q=${encodeURIComponent(typed)}`,
          },
        ]
      : [];
  const open = focused && targets.length > 0 && closedFor !== typed;
  // No choice until the arrows make one: Enter then searches, as the box always did.
  const list = targets.map((target) => target.key).join(' ');
  const active = chosen.list === list ? chosen.index : -1;
  const setActive = (index: number) => setChosen({ list, index });

  const pick = (index: number) => {
    const target = targets[index];
    if (!target) return;
    setClosedFor(typed);
    input.current?.blur();
    void navigate(target.to);
  };

  useFieldAria(input, listId, open, active);
  useSuggestionKeys(input, {
    open,
    count: targets.length,
    active,
    setActive,
    pick,
    close: () => setClosedFor(typed),
  });

  if (!ready) return null;
  return (
    <SuggestionList
      id={listId}
      label={t('search.suggestions')}
      items={open ? targets : []}
      active={active}
      onActive={setActive}
      onPick={pick}
      status={open ? t('search.suggestions_n', { count: targets.length }) : ''}
    />
  );
}
