import { searchApi, type Suggestions } from '@inkwell/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { UserAvatar } from '../UserAvatar';
import { useTextMessages } from './messages';
import { SuggestionList, TagSign, useFieldAria, usePaused, useSuggestionKeys, type Suggestion } from './SuggestionList';

export interface Word {
  sign: '@' | '#';
  /** What follows the sign so far. */
  query: string;
  /** Where the sign is, and where the word ends (it may go on past the caret). */
  start: number;
  end: number;
}

const USERNAME_CHARS = /[a-z0-9_.]/i;
const TAG_CHARS = /[\p{L}\p{M}\p{N}_]/u;

/**
 * The @name or #tag the caret is in, as the contracts' patterns would read it (text.ts): the sign at the start or
 * after a space or punctuation (not inside a word, an address or an e-mail), then at least one character of a
 * username (@) or of a tag in any script (#). Null for anything else.
 */
export function wordAtCaret(value: string, caret: number): Word | null {
  const found = /(?:^|[^\p{L}\p{M}\p{N}_.@#&/])([@#])([\p{L}\p{M}\p{N}_.]+)$/u.exec(value.slice(0, caret));
  if (!found) return null;
  const sign = found[1] as '@' | '#';
  const chars = sign === '@' ? USERNAME_CHARS : TAG_CHARS;
  const typed = found[2]!;
  if (![...typed].every((ch) => chars.test(ch))) return null;
  let end = caret;
  while (end < value.length && chars.test(value[end]!)) end++;
  return { sign, query: typed, start: caret - typed.length - 1, end };
}

interface Choice extends Suggestion {
  insert: string;
}

/** Where the caret is in the field (null when the focus is elsewhere), and whether an input method composes a word. */
function useCaret(field: RefObject<HTMLTextAreaElement | HTMLInputElement | null>) {
  const [caret, setCaret] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);
  // As typing, clicks and arrow keys move it; focus tells where it starts.
  useEffect(() => {
    const el = field.current;
    if (!el) return;
    const read = () => setCaret(document.activeElement === el ? el.selectionStart : null);
    const start = () => setComposing(true);
    const end = () => {
      setComposing(false);
      read();
    };
    const leave = () => setCaret(null);
    const events = ['input', 'click', 'keyup', 'focus', 'select'] as const;
    events.forEach((type) => el.addEventListener(type, read));
    el.addEventListener('compositionstart', start);
    el.addEventListener('compositionend', end);
    el.addEventListener('blur', leave);
    // Drawn by the first keystroke that wanted it: that keystroke's caret counts.
    read();
    return () => {
      events.forEach((type) => el.removeEventListener(type, read));
      el.removeEventListener('compositionstart', start);
      el.removeEventListener('compositionend', end);
      el.removeEventListener('blur', leave);
    };
  }, [field]);

  return [caret, setCaret, composing] as const;
}

const person = (who: { username: string; name: string; profile_url: string | null }, key: string): Choice => ({
  key,
  icon: <UserAvatar url={who.profile_url} name={who.name} size={28} />,
  label: who.name,
  detail: `@${who.username}`,
  insert: who.username,
});

/** People and accounts after `@`, tags after `#`. */
function choicesFor(word: Word | null, data: Suggestions | undefined): Choice[] {
  if (!word || !data) return [];
  if (word.sign === '@')
    return [...data.accounts.map((a) => person(a, `a${a.id}`)), ...data.users.map((u) => person(u, `u${u.id}`))];
  return data.tags.map((tag) => ({
    key: `t${tag.tag}`,
    icon: <TagSign />,
    label: `#${tag.tag}`,
    insert: tag.tag,
  }));
}

/**
 * Suggestions for the @name or #tag being typed in a text field (a status, a caption, a comment): people and
 * accounts after `@`, tags after `#`, from search-as-you-type; arrows choose, Enter or Tab (or a tap) puts the
 * choice in place of what was typed, Escape closes. Attached to the field by its ref: the field's owner draws it
 * (lazily) in a box that is `position: relative`, where the list opens under the field. Nothing is suggested while
 * an input method composes a word: the word is not written yet.
 */
export function TextAutocomplete({
  field,
  value,
  onChange,
}: {
  field: RefObject<HTMLTextAreaElement | HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const ready = useTextMessages();
  const listId = useId();
  const [caret, setCaret, composing] = useCaret(field);
  /** A word closed with Escape (or just put in) stays closed until it changes: `start:query`. */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [chosen, setChosen] = useState({ list: '', index: 0 });
  const placeCaret = useRef<number | null>(null);

  // After a choice the value changes from here: the caret goes after what was put in, not to the end.
  useLayoutEffect(() => {
    const el = field.current;
    if (placeCaret.current === null || !el) return;
    el.setSelectionRange(placeCaret.current, placeCaret.current);
    placeCaret.current = null;
  }, [value, field]);

  const word = caret === null || composing ? null : wordAtCaret(value, Math.min(caret, value.length));
  const query = usePaused(word?.query ?? '');
  const suggestions = useQuery({
    queryKey: ['search', 'suggest', query],
    queryFn: ({ signal }) => call(searchApi.suggest, { query: { q: query }, signal }),
    enabled: query.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const choices = choicesFor(word, suggestions.data?.data);
  const open = ready && word !== null && dismissed !== `${word.start}:${word.query}` && choices.length > 0;
  // A new list starts on its first choice: Enter or Tab takes it at once, as people who mention expect.
  const list = choices.map((c) => c.key).join(' ');
  const active = chosen.list === list ? chosen.index : 0;
  const setActive = (index: number) => setChosen({ list, index });

  const pick = (index: number) => {
    const choice = choices[index];
    const el = field.current;
    if (!choice || !word || !el) return;
    const inserted = `${word.sign}${choice.insert}`;
    const after = value.slice(word.end);
    // The caret goes past the space after it (one already there, or one added).
    let next = `${value.slice(0, word.start)}${inserted}${/^\s/.test(after) ? '' : ' '}${after}`;
    let caretAt = word.start + inserted.length + 1;
    // A field with a limit takes what fits: the choice without its space, else nothing.
    if (el.maxLength > 0 && next.length > el.maxLength) {
      next = value.slice(0, word.start) + inserted + after;
      caretAt = word.start + inserted.length;
      if (next.length > el.maxLength) return setDismissed(`${word.start}:${word.query}`);
    }
    placeCaret.current = caretAt;
    setCaret(caretAt);
    setDismissed(`${word.start}:${choice.insert}`);
    onChange(next);
  };

  useFieldAria(field, listId, open, active);
  useSuggestionKeys(field, {
    open,
    count: choices.length,
    active,
    setActive,
    pick,
    close: () => word && setDismissed(`${word.start}:${word.query}`),
    tabPicks: true,
  });

  if (!ready) return null;
  return (
    <SuggestionList
      id={listId}
      label={t('text.suggestions')}
      items={open ? choices : []}
      active={active}
      onActive={setActive}
      onPick={pick}
      status={open ? t('text.suggestions_n', { count: choices.length }) : ''}
    />
  );
}

/** Its door's (textDoors.ts) for `lazy`. */
export default TextAutocomplete;
