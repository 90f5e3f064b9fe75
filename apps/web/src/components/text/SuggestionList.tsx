import { Group, Paper, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { useLatest } from '../../lib/useLatest';
import a11y from '../a11y.module.css';
import classes from './SuggestionList.module.css';

export interface Suggestion {
  key: string;
  /** Its group's heading (accounts, people, tags); none for a row of its own (search for "…"). */
  group?: string;
  icon: ReactNode;
  label: ReactNode;
  detail?: ReactNode;
}

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * A tag's sign in a list, as a character: an icon of its own would join the one file of icons every screen loads.
 */
export const TagSign = () => (
  <Text component="span" fw={700} fz="lg" w={28} ta="center" c="dimmed" aria-hidden style={{ flexShrink: 0 }}>
    #
  </Text>
);

/**
 * What is typed, once typing pauses for `ms`: suggestions are asked for a word, not for each letter. From the very
 * first keystroke too (Mantine's debounced value starts with the value it is given).
 */
export function usePaused(value: string, ms = 150): string {
  const [paused, setPaused] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return paused;
}

/**
 * What a text field's suggestions need of it: they are the field's (`aria-controls`, `aria-activedescendant`, as
 * the ARIA combobox pattern has it) while focus stays in the field. The field keeps its own role (the header's
 * searchbox, a textbox), for which these two are allowed; attributes are set here, not by the field's owner, so a
 * screen carries nothing of this until suggestions are first wanted.
 */
export function useFieldAria(
  fieldRef: RefObject<HTMLElement | null>,
  listId: string,
  open: boolean,
  active: number,
): void {
  useEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    field.setAttribute('aria-autocomplete', 'list');
    if (open) field.setAttribute('aria-controls', listId);
    else field.removeAttribute('aria-controls');
    if (open && active >= 0) field.setAttribute('aria-activedescendant', optionId(listId, active));
    else field.removeAttribute('aria-activedescendant');
  }, [fieldRef, listId, open, active]);
  useEffect(() => {
    const field = fieldRef.current;
    return () => {
      field?.removeAttribute('aria-controls');
      field?.removeAttribute('aria-activedescendant');
    };
  }, [fieldRef]);
}

export interface SuggestionKeys {
  open: boolean;
  count: number;
  active: number;
  setActive: (index: number) => void;
  pick: (index: number) => void;
  close: () => void;
  /** Tab takes the chosen suggestion too (a composer's); elsewhere it moves on as always. */
  tabPicks?: boolean;
}

/**
 * The list's keys, heard on the field itself (before the field's own handlers, which a taken key never reaches: a
 * comment's Enter sends it). Never while an input method composes a word: its Enter or arrow belongs to the word
 * being composed (Burmese and Thai keyboards on phones compose), `keyCode` 229 as Safari says so after the fact.
 */
export function useSuggestionKeys(fieldRef: RefObject<HTMLElement | null>, keys: SuggestionKeys): void {
  const latest = useLatest(keys);
  useEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing || event.keyCode === 229) return;
      const { open, count, active, setActive, pick, close, tabPicks } = latest.current;
      if (!open || count === 0) return;
      const take = () => {
        event.preventDefault();
        event.stopPropagation();
      };
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        take();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive(active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
      } else if ((event.key === 'Enter' || (event.key === 'Tab' && tabPicks)) && active >= 0 && !event.shiftKey) {
        take();
        pick(active);
      } else if (event.key === 'Escape') {
        take();
        close();
      }
    };
    field.addEventListener('keydown', onKeyDown);
    return () => field.removeEventListener('keydown', onKeyDown);
  }, [fieldRef, latest]);
}

/**
 * A field's suggestions under it: a listbox whose options a pointer or a finger picks too. The focus never leaves
 * the field (a press on an option is not a focus change), so typing goes on. `status` is said by screen readers as
 * the list changes.
 */
export function SuggestionList({
  id,
  label,
  items,
  active,
  onActive,
  onPick,
  status,
}: {
  id: string;
  label: string;
  items: Suggestion[];
  active: number;
  onActive: (index: number) => void;
  onPick: (index: number) => void;
  status: string;
}) {
  const option = (item: Suggestion, index: number) => (
    <div
      key={item.key}
      id={optionId(id, index)}
      role="option"
      aria-selected={index === active}
      className={classes.option}
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={() => onActive(index)}
      onClick={() => onPick(index)}
    >
      <Group gap="sm" wrap="nowrap">
        {item.icon}
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {item.label}
          </Text>
          {item.detail && (
            <Text size="xs" c="dimmed" truncate>
              {item.detail}
            </Text>
          )}
        </div>
      </Group>
    </div>
  );

  // Consecutive items of one group stand under its heading (a listbox's groups), the others on their own.
  const blocks: { group?: string; start: number; items: Suggestion[] }[] = [];
  items.forEach((item, index) => {
    const last = blocks.at(-1);
    if (last && item.group && last.group === item.group) last.items.push(item);
    else blocks.push({ group: item.group, start: index, items: [item] });
  });

  return (
    <>
      <div role="status" className={a11y.hidden}>
        {status}
      </div>
      {items.length > 0 && (
        <Paper id={id} role="listbox" aria-label={label} withBorder shadow="md" radius="md" className={classes.list}>
          {blocks.map((block) =>
            block.group ? (
              <div key={block.start} role="group" aria-labelledby={`${id}-g${block.start}`}>
                <Text
                  id={`${id}-g${block.start}`}
                  role="presentation"
                  size="xs"
                  fw={700}
                  c="dimmed"
                  className={classes.heading}
                >
                  {block.group}
                </Text>
                {block.items.map((item, i) => option(item, block.start + i))}
              </div>
            ) : (
              block.items.map((item, i) => option(item, block.start + i))
            ),
          )}
        </Paper>
      )}
    </>
  );
}
