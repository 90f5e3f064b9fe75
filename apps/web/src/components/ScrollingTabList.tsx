import { Tabs } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './ScrollingTabList.module.css';

/**
 * A row of tabs that scrolls sideways when it is wider than the screen (an account's seven tabs on a phone),
 * and shows it: the cut edge fades under an arrow that scrolls on by most of a screen. The open tab is
 * scrolled into view, so a link to the Audio tab does not open on a strip that hides it.
 */
export function ScrollingTabList({ children, value }: { children: ReactNode; value: string | null }) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    // Right-to-left scripts are not among ours; scrollLeft counts from the start edge.
    setEdges({ start: el.scrollLeft > 1, end: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure]);

  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    // Optional: not every DOM has it (jsdom in tests).
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);

  // The tabs themselves are reached with the arrow keys; these arrows are for pointers (tabIndex -1).
  const arrow = (side: 'start' | 'end') => (
    <button
      type="button"
      className={classes.more}
      data-side={side}
      tabIndex={-1}
      aria-label={t(side === 'start' ? 'actions.earlier_tabs' : 'actions.more_tabs')}
      onClick={() => {
        const el = list.current;
        if (el) el.scrollBy({ left: (side === 'start' ? -0.7 : 0.7) * el.clientWidth });
      }}
    >
      {side === 'start' ? <IconChevronLeft size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
    </button>
  );

  return (
    <div className={classes.frame}>
      {edges.start && arrow('start')}
      <Tabs.List ref={list} className={classes.list}>
        {children}
      </Tabs.List>
      {edges.end && arrow('end')}
    </div>
  );
}
